// The fields of a Pipeline, its spec and its containers, as Kratix's api/v1alpha1/pipeline_types.go
// declares them (Kratix decodes Pipelines strictly): the table core/known_fields.h checks a Pipeline with.
// A field ferry knows and does not honour is listed here and refused, with its reason, by the parser that
// decides it (volume_parser.h, container_mounts_parser.h, security_context_parser.h): never dropped.
#pragma once

#include "core/known_fields.h"

namespace ferry::pipeline {

// A Pipeline document: apiVersion, kind, metadata (ObjectMeta) and spec, with everything below.
const FieldTable& pipeline_fields();

// One container of spec.containers.
const FieldTable& container_fields();

}  // namespace ferry::pipeline

// The fields of a Pipeline, its spec and its containers, as Kratix's api/v1alpha1/pipeline_types.go
// declares them (Kratix decodes Pipelines strictly): the table core/known_fields.h checks a Pipeline with.
// Fields ferry does not honour yet are listed as not supported, so they are refused, never dropped.
#pragma once

#include "core/known_fields.h"

namespace ferry::pipeline {

// A Pipeline document: apiVersion, kind, metadata (ObjectMeta) and spec, with everything below.
const FieldTable& pipeline_fields();

// One container of spec.containers.
const FieldTable& container_fields();

}  // namespace ferry::pipeline

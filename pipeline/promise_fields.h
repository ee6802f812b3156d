// The fields of a Promise and its spec, as Kratix's api/v1alpha1/promise_types.go declares them (and
// spec.clusterSelector, the older API ferry still reads): the table core/known_fields.h checks a Promise
// with. Its workflows' Pipelines are checked with pipeline_fields.h's table.
#pragma once

#include "core/known_fields.h"

namespace ferry::pipeline {

// A Promise document: apiVersion, kind, metadata (ObjectMeta), spec and status, with everything below
// except spec.api (a CustomResourceDefinition, read by promise_parser.h), spec.dependencies (any objects)
// and status (Kratix's to write).
const FieldTable& promise_fields();

}  // namespace ferry::pipeline

// A HealthRecord (platform.kratix.io/v1alpha1, kratix-newer.md §2) as a plain value: what an agent on a
// worker reports of one request, read from the platform repository or from a Destination's health folder
// (platform/health_record_parser.h), rolled up into the request's status.healthStatus by
// run/health_rollup.h.
#pragma once

#include <string>

#include "core/error.h"
#include "pipeline/health_status.h"

namespace ferry::runner {

struct HealthRecord {
  std::string name;               // metadata.name
  std::string namespace_;         // metadata.namespace, "default" when absent
  std::string promise;            // data.promiseRef.name
  std::string request_name;       // data.resourceRef.name
  std::string request_namespace;  // data.resourceRef.namespace
  pipeline::HealthEntry entry;    // state, lastRun, details, and this record as the source
  SourceLocation where;           // the document: file:line:column, or store:path:line:column
};

}  // namespace ferry::runner

// WorkflowApiAccess (workflow_api_access.h): every call under the lock.
#include "pipeline/workflow_api_access.h"

namespace ferry::pipeline {

WorkflowApiAccess::WorkflowApiAccess(WorkflowStatus& status, std::string object_yaml)
    : status_(status), object_yaml_(std::move(object_yaml)) {}

std::string WorkflowApiAccess::object_yaml() const {
  std::lock_guard lock(mutex_);
  return status_.object_for_next_pipeline(object_yaml_);
}

Result<std::string> WorkflowApiAccess::merge_status(const std::string& status_text) {
  std::lock_guard lock(mutex_);
  if (Status merged = status_.merge_written_status(status_text); !merged) return merged.error();
  return status_.object_for_next_pipeline(object_yaml_);
}

}  // namespace ferry::pipeline

// The object access run_workflow gives a pipeline's API host (pipeline_api.h): the object as the pipeline's
// /kratix/input/object.yaml shows it, with the workflow's status merged so far, and status writes merged
// into that workflow status (WorkflowStatus::merge_written_status), under a lock, since the API answers
// on a thread of its own while the workflow waits for its container.
#pragma once

#include <mutex>
#include <string>

#include "pipeline/pipeline_api.h"
#include "pipeline/workflow_status.h"

namespace ferry::pipeline {

class WorkflowApiAccess : public PipelineObjectAccess {
 public:
  // `status` outlives this; the workflow does not touch it while the pipeline's containers run.
  WorkflowApiAccess(WorkflowStatus& status, std::string object_yaml);
  std::string object_yaml() const override;
  Result<std::string> merge_status(const std::string& status_text) override;

 private:
  mutable std::mutex mutex_;
  WorkflowStatus& status_;
  std::string object_yaml_;
};

}  // namespace ferry::pipeline

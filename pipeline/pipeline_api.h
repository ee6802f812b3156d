// The hook through which a workflow gets its pipelines their platform API (docs/platform-api.md): for each
// Pipeline with `rbac`, run_workflow asks the run's PipelineApiHost (run/pipeline_api_host.h, built on
// api/) for a session before the first container and ends it after the last; every container of the
// pipeline gets the session's reach (api_reach.h). Status writes come back through PipelineObjectAccess and
// are merged at once, exactly as /kratix/metadata/status.yaml is (status_merge.h), so a later GET and the
// pipeline's own status.yaml see them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "core/error.h"
#include "pipeline/api_reach.h"
#include "pipeline/model.h"
#include "pipeline/workflow_inputs.h"

namespace ferry::pipeline {

// Whether `pipeline` is served an API: it has a non-empty `rbac` (the Kratix CLI writes `rbac: {}` into
// every Pipeline, which asks for nothing).
bool serves_platform_api(const Pipeline& pipeline);

// The processed object as the API serves it, with its status as merged so far; thread-safe.
class PipelineObjectAccess {
 public:
  virtual ~PipelineObjectAccess() = default;
  // The object's YAML text, its status as merged so far.
  virtual std::string object_yaml() const = 0;
  // Merges `status_text` (a YAML or JSON map) into the object's status as status.yaml is merged; the object
  // after it, or the merge's error (its message says what is wrong with the text).
  virtual Result<std::string> merge_status(const std::string& status_text) = 0;
};

// One pipeline's running API; it stops when the session goes.
class PipelineApiSession {
 public:
  virtual ~PipelineApiSession() = default;
  virtual ApiReach reach() const = 0;
  virtual std::uint64_t requests() const = 0;  // answered so far, refused ones included
};

class PipelineApiHost {
 public:
  virtual ~PipelineApiHost() = default;
  // Starts `pipeline`'s API for `object`; its per-pipeline files (the service account's token, ca.crt and
  // namespace) go below `scratch`, the pipeline's scratch directory. `objects` outlives the session.
  virtual Result<std::unique_ptr<PipelineApiSession>> start(const Pipeline& pipeline,
                                                            const WorkflowObject& object,
                                                            const std::filesystem::path& scratch,
                                                            PipelineObjectAccess& objects) = 0;
};

}  // namespace ferry::pipeline

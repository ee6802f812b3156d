// Runs a workflow (a list of pipelines) with the Kratix container contract (reference §2): per pipeline a
// fresh /kratix/input/object.yaml (read-only), empty /kratix/output and /kratix/metadata, the KRATIX_*
// variables of §2.3 followed by the container's own env, containers in order, stop at the first failure.
// The outputs are split into groups by /kratix/metadata/destination-selectors.yaml (§2.6). The parts it
// composes have headers of their own, included here for its users: kratix_env.h, destination_selectors.h,
// output_groups.h, workflow_inputs.h.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/label_selector.h"
#include "core/labels.h"
#include "pipeline/destination_selectors.h"
#include "pipeline/kratix_env.h"
#include "pipeline/model.h"
#include "pipeline/output_groups.h"
#include "pipeline/suspension.h"
#include "pipeline/workflow_inputs.h"
#include "runtime/runtime.h"

namespace ferry::pipeline {

struct PipelineResult {
  std::string pipeline;
  std::vector<OutputGroup> groups;  // directory groups in file order, then the default group if non-empty
  // The older API's /kratix/metadata/cluster-selectors.yaml (a map of labels), when written (seed 000).
  std::optional<Labels> cluster_selectors;
  std::string status_yaml;  // the object's status after this pipeline's status.yaml was merged (§2.7)
  std::string message;      // status.message at that point
  std::optional<Suspension> suspension;  // set when workflow-control.yaml stopped the workflow here (§2.8)
  bool from_cache = false;    // its containers did not run: what they produced came from the pipeline cache
  int container_retries = 0;  // containers started again after a failure (jobOptions.backoffLimit)
  bool api_served = false;    // the pipeline had a platform API (pipeline_api.h)
  std::uint64_t api_requests = 0;  // requests its containers made to it
};

// Runs the pipelines in order, each in a fresh scratch directory below options.scratch_dir that is removed
// afterwards. Fails with the failing container's pipeline, name, image, exit code (or timeout) and the last
// 20 lines of its log, or with what check_container_output found after it; later pipelines do not run.
// With options.cache, a pipeline whose key (cached_pipeline.h) is stored is not run: its stored files
// are put in its scratch directory and read as if its containers had written them; a pipeline that
// succeeded without a suspension is stored. Reads metadata/destination-selectors.yaml (or the
// sdk/contract.md spelling destination_selectors.yaml, not both) and groups the output. Delete workflows
// have no work-writer in Kratix (§2.10): their results have no groups.
Result<std::vector<PipelineResult>> run_workflow(const std::vector<Pipeline>& pipelines,
                                                 const WorkflowObject& object,
                                                 runtime::ContainerRuntime& runtime,
                                                 const WorkflowOptions& options);

}  // namespace ferry::pipeline

// Runs a workflow (a list of pipelines) with the Kratix container contract (reference §2): per pipeline a
// fresh /kratix/input/object.yaml (read-only), empty /kratix/output and /kratix/metadata, the KRATIX_*
// variables of §2.3 followed by the container's own env, containers in order, stop at the first failure.
// The outputs are split into groups by /kratix/metadata/destination-selectors.yaml (§2.6).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/label_selector.h"
#include "core/labels.h"
#include "pipeline/model.h"
#include "pipeline/runtime.h"
#include "pipeline/workflow_control.h"
#include "pipeline/workflow_inputs.h"

namespace ferry::pipeline {

// One entry of destination-selectors.yaml. directory "." is the default group's entry.
struct SelectorEntry {
  std::string directory;
  Labels match_labels;
  std::vector<LabelExpression> match_expressions = {};  // ANDed with match_labels
};

struct OutputFile {
  std::string path;  // relative to /kratix/output, '/'-separated; keeps a directory group's prefix
  std::string content;
  bool operator==(const OutputFile&) const = default;
};

struct OutputGroup {
  std::string directory;                    // "." for the default group
  std::string id;                           // md5(directory), as Kratix
  std::optional<Labels> workflow_selector;  // the workflow's entry for this group, if it wrote one
  std::vector<OutputFile> files;            // sorted by path
  std::vector<LabelExpression> workflow_expressions = {};  // that entry's matchExpressions
};

struct PipelineResult {
  std::string pipeline;
  std::vector<OutputGroup> groups;  // directory groups in file order, then the default group if non-empty
  // The older API's /kratix/metadata/cluster-selectors.yaml (a map of labels), when written (seed 000).
  std::optional<Labels> cluster_selectors;
  std::string status_yaml;  // the object's status after this pipeline's status.yaml was merged (§2.7)
  std::string message;      // status.message at that point
  std::optional<Suspension> suspension;  // set when workflow-control.yaml stopped the workflow here (§2.8)
  bool from_cache = false;  // its containers did not run: what they produced came from the pipeline cache
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
                                                 const WorkflowObject& object, ContainerRuntime& runtime,
                                                 const WorkflowOptions& options);

// The KRATIX_* variables for one pipeline, in the order of reference §2.3.
std::vector<EnvVar> kratix_env(const WorkflowObject& object, const std::string& pipeline_name);

// Parses destination-selectors.yaml with the validation of reference §2.6. `file` names it in errors.
Result<std::vector<SelectorEntry>> parse_destination_selectors(const std::string& text,
                                                               const std::string& file);

// Parses the older API's cluster-selectors.yaml: a map of label keys to values. `file` names it in errors.
Result<Labels> parse_cluster_selectors(const std::string& text, const std::string& file);

// Checks /kratix/output as a container left it: refuses symlinks, special files, paths under a ".git"
// directory (in any case), and more files or bytes than the caps. `prefix` starts every message
// ("pipeline \"p\" container \"c\": ").
Status check_container_output(const std::filesystem::path& output_dir, const WorkflowOptions& options,
                              const std::string& prefix);

// Reads /kratix/output into groups (§2.6), with the checks of check_container_output and the listed
// directories. `label` names the pipeline in errors.
Result<std::vector<OutputGroup>> collect_output_groups(const std::filesystem::path& output_dir,
                                                       const std::vector<SelectorEntry>& entries,
                                                       const WorkflowOptions& options,
                                                       const std::string& label);

}  // namespace ferry::pipeline

// /kratix/output as a container left it: checked (untrusted output) and read into the groups of reference
// §2.6 by the destination-selectors.yaml entries.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/label_selector.h"
#include "core/labels.h"
#include "pipeline/destination_selectors.h"
#include "pipeline/workflow_inputs.h"

namespace ferry::pipeline {

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

// What `ferry test pipeline` leaves in its --out directory, built in a sibling staging directory and
// renamed into place, so a reader never sees half of it:
//   status.yaml                          the object's status after the last pipeline that ran (merged)
//   pipelines/<pipeline>/output/...      the pipeline's /kratix/output, as grouped (delete workflows: none)
//   pipelines/<pipeline>/metadata/...    its /kratix/metadata as the containers left it (regular files)
//   pipelines/<pipeline>/groups.yaml     each group: directory, id, the workflow's selector entry, the
//                                        selector ferry schedules it by (Kratix's precedence), its files
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/workflow.h"
#include "runner/test_pipeline_input.h"
#include "runtime/runtime.h"

namespace ferry::runner {

// A runtime that, after each container, copies the regular files of its /kratix/metadata to
// <root>/pipelines/<pipeline>/metadata (replacing the previous container's copy), so what a pipeline
// wrote there survives its scratch directory, also when it failed.
class MetadataCapture : public runtime::ContainerRuntime {
 public:
  MetadataCapture(runtime::ContainerRuntime& inner, std::filesystem::path root)
      : inner_(inner), root_(std::move(root)) {}
  std::string name() const override { return inner_.name(); }
  Result<runtime::ContainerExit> run(const runtime::ContainerRun& run) override;

 private:
  runtime::ContainerRuntime& inner_;
  std::filesystem::path root_;
};

// Refuses an --out that is a file, or a non-empty directory unless `overwrite`.
Status check_out_dir(const std::filesystem::path& out, bool overwrite);

// An empty directory beside `out` (same file system, so publish can rename it).
Result<std::filesystem::path> make_staging_dir(const std::filesystem::path& out);

// Writes the results' outputs, groups.yaml files and status.yaml below `dir`.
Status write_test_output(const std::filesystem::path& dir, const TestSubject& subject,
                         const std::vector<pipeline::PipelineResult>& results);

// Renames `staging` to `out`; an existing `out` is first renamed aside and removed after.
Status publish_test_output(const std::filesystem::path& staging, const std::filesystem::path& out);

}  // namespace ferry::runner

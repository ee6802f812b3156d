// `ferry test pipeline`'s --out directory (test_pipeline_output.h): staged, written and published.
#include "runner/test_pipeline_output.h"

#include <unistd.h>

#include "core/file_text.h"
#include "pipeline/groups_yaml.h"
#include "pipeline/mount_paths.h"
#include "runner/test_pipeline_report.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

// Pipeline names become directory names: refuse the few that would not stay one directory.
Result<fs::path> pipeline_dir(const fs::path& root, const std::string& pipeline) {
  if (pipeline.empty() || pipeline == "." || pipeline == ".." || pipeline.find('/') != std::string::npos) {
    return make_error("pipeline name \"" + pipeline + "\" cannot be a directory name of --out");
  }
  return root / "pipelines" / pipeline;
}

Status write_text(const fs::path& path, const std::string& text) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) return make_error("cannot write " + path.string() + ": " + ec.message());
  return write_file_bytes(path, text);
}

// Regular files only: a pipeline's symlinks and special files are not followed or copied.
Status copy_regular_files(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::remove_all(to, ec);
  fs::create_directories(to, ec);
  for (fs::recursive_directory_iterator it(from, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->symlink_status(ec).type() != fs::file_type::regular) continue;
    const fs::path target = to / it->path().lexically_relative(from);
    fs::create_directories(target.parent_path(), ec);
    if (!ec) fs::copy_file(it->path(), target, fs::copy_options::overwrite_existing, ec);
  }
  if (ec) return make_error("cannot keep " + from.string() + " in " + to.string() + ": " + ec.message());
  return ok();
}

// One group: where its files go by Kratix's rules, as reconcile would schedule it.
pipeline::GroupSummary group_summary(const TestSubject& subject, const pipeline::PipelineResult& result,
                                     const pipeline::OutputGroup& group) {
  pipeline::GroupSummary summary{group.directory, group.id, group.workflow_selector};
  for (const LabelExpression& e : group.workflow_expressions)
    summary.workflow_expressions.push_back(to_string(e));
  for (const scheduler::Requirement& r : test_group_selector(subject, result, group)) {
    summary.selector.push_back(scheduler::to_string(r));
  }
  for (const pipeline::OutputFile& file : group.files) summary.files.push_back(file.path);
  return summary;
}

Status write_pipeline(const fs::path& dir, const TestSubject& subject,
                      const pipeline::PipelineResult& result) {
  pipeline::PipelineGroups groups{result.pipeline, {}, result.cluster_selectors};
  for (const pipeline::OutputGroup& group : result.groups) {
    groups.groups.push_back(group_summary(subject, result, group));
    for (const pipeline::OutputFile& file : group.files) {
      if (Status written = write_text(dir / "output" / file.path, file.content); !written) return written;
    }
  }
  return write_text(dir / "groups.yaml", pipeline::groups_yaml(groups));
}

}  // namespace

Result<runtime::ContainerExit> MetadataCapture::run(const runtime::ContainerRun& run) {
  auto exit = inner_.run(run);
  auto dir = pipeline_dir(root_, run.label.substr(0, run.label.find('/')));
  if (!dir) return dir.error();
  if (Status kept = copy_regular_files(pipeline::host_path_of(run, "/kratix/metadata"), *dir / "metadata");
      !kept) {
    return kept.error();
  }
  return exit;
}

Status check_out_dir(const fs::path& out, bool overwrite) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(out, ec);
  if (!fs::exists(status)) return ok();
  if (!fs::is_directory(status))
    return make_error("--out " + out.string() + " exists and is not a directory");
  if (!overwrite && !fs::is_empty(out, ec)) {
    return make_error("--out " + out.string() +
                      " is not empty: give --overwrite to replace it, or another --out");
  }
  return ok();
}

Result<fs::path> make_staging_dir(const fs::path& out) {
  const fs::path absolute = fs::absolute(out).lexically_normal();
  const fs::path parent =
      absolute.has_filename() ? absolute.parent_path() : absolute.parent_path().parent_path();
  const std::string name = (absolute.has_filename() ? absolute : absolute.parent_path()).filename().string();
  std::error_code ec;
  fs::create_directories(parent, ec);
  for (int attempt = 0; !ec && attempt < 100; ++attempt) {
    const fs::path staging =
        parent / ("." + name + ".ferry-" + std::to_string(::getpid()) + "-" + std::to_string(attempt));
    if (fs::create_directory(staging, ec)) return staging;  // never adopt one that existed
  }
  return make_error("cannot create a staging directory beside " + out.string() +
                    (ec ? ": " + ec.message() : ""));
}

Status write_test_output(const fs::path& dir, const TestSubject& subject,
                         const std::vector<pipeline::PipelineResult>& results) {
  for (const pipeline::PipelineResult& result : results) {
    auto pipeline = pipeline_dir(dir, result.pipeline);
    if (!pipeline) return pipeline.error();
    if (Status written = write_pipeline(*pipeline, subject, result); !written) return written;
  }
  if (results.empty()) return ok();
  const std::string& status = results.back().status_yaml;
  return write_text(dir / "status.yaml", status.ends_with('\n') || status.empty() ? status : status + "\n");
}

Status publish_test_output(const fs::path& staging, const fs::path& out) {
  std::error_code ec;
  const fs::path aside = staging.string() + ".old";
  const bool replacing = fs::exists(fs::symlink_status(out, ec));
  ec.clear();  // a missing `out` is no error
  if (replacing) fs::rename(out, aside, ec);
  if (!ec) fs::rename(staging, out, ec);
  if (ec) return make_error("cannot move the test output to " + out.string() + ": " + ec.message());
  if (replacing) fs::remove_all(aside, ec);  // the new output is in place; a leftover is only litter
  return ok();
}

}  // namespace ferry::runner

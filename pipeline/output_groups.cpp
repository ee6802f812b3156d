// /kratix/output -> workload groups, as the work-creator step splits them (reference §2.6). The output is
// untrusted: only regular files and directories are accepted, nothing under .git, and the number and size
// of files is capped; run_workflow checks this after every container, so errors name the container.
#include "pipeline/output_groups.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string_view>

#include "core/md5.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

struct Found {
  std::string path;  // relative to the output directory, '/'-separated
  fs::file_type type;
  std::uintmax_t size = 0;
};

std::string describe(fs::file_type type) {
  switch (type) {
    case fs::file_type::symlink:
      return "a symlink";
    case fs::file_type::fifo:
      return "a fifo";
    case fs::file_type::block:
      return "a block device";
    case fs::file_type::character:
      return "a character device";
    case fs::file_type::socket:
      return "a socket";
    default:
      return "a special file";
  }
}

// Lists everything under `root` without following symlinks, sorted by path. Stops with an error once
// more than `max_files` regular files were seen, so a hostile tree is not walked to the end.
Result<std::vector<Found>> walk(const fs::path& root, std::size_t max_files, const std::string& prefix) {
  std::vector<Found> found;
  std::size_t files = 0;
  std::error_code ec;
  fs::recursive_directory_iterator it(root, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::file_type type = it->symlink_status(ec).type();
    if (ec) break;
    if (type == fs::file_type::directory) continue;
    Found entry{it->path().lexically_relative(root).generic_string(), type};
    if (type == fs::file_type::regular) {
      if (++files > max_files) {
        return make_error(prefix + "output has more than " + std::to_string(max_files) +
                          " files: write fewer files or raise the limit (--max-output-files)");
      }
      entry.size = it->file_size(ec);
      if (ec) break;
    }
    found.push_back(std::move(entry));
  }
  if (ec) return make_error(prefix + "cannot list /kratix/output: " + ec.message());
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.path < b.path; });
  return found;
}

bool is_dot_git(std::string_view segment) {
  return segment.size() == 4 && std::equal(segment.begin(), segment.end(), ".git", [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

// Whether a segment of the '/'-separated path is ".git" in any case (Git refuses those, and a bundle
// holding one could plant hooks or config in a checkout).
bool under_dot_git(std::string_view path) {
  for (std::size_t start = 0; start <= path.size();) {
    const std::size_t slash = std::min(path.find('/', start), path.size());
    if (is_dot_git(path.substr(start, slash - start))) return true;
    start = slash + 1;
  }
  return false;
}

// Refuses, in path order, special files, paths under .git and a total size over the cap.
Status check_files(const std::vector<Found>& found, const WorkflowOptions& options,
                   const std::string& prefix) {
  std::uintmax_t bytes = 0;
  for (const Found& f : found) {
    if (f.type != fs::file_type::regular) {
      return make_error(prefix + "output \"" + f.path + "\" is " + describe(f.type) +
                        "; only regular files and directories are allowed");
    }
    if (under_dot_git(f.path)) {
      return make_error(
          prefix + "output \"" + f.path +
          "\" is under a \".git\" directory, which no state store may hold: write it elsewhere");
    }
    bytes += f.size;
  }
  if (bytes > options.max_output_bytes) {
    return make_error(prefix + "output has more than " + std::to_string(options.max_output_bytes) +
                      " bytes in total: write less or raise the limit (--max-output-bytes)");
  }
  return ok();
}

// check_files, then the listed directories that are missing or not directories.
Status check(const std::vector<Found>& found, const fs::path& root, const std::vector<SelectorEntry>& entries,
             const WorkflowOptions& options, const std::string& prefix) {
  if (Status files = check_files(found, options, prefix); !files) return files;
  for (const SelectorEntry& entry : entries) {
    if (entry.directory == ".") continue;
    if (fs::symlink_status(root / entry.directory).type() != fs::file_type::directory) {
      return make_error(prefix + "directory \"" + entry.directory +
                        "\" of the destination selectors is not a directory in /kratix/output: write "
                        "its files to /kratix/output/" +
                        entry.directory + "/ or remove the entry");
    }
  }
  return ok();
}

// Reads every file in parallel; the first failure in path order is reported, whatever the schedule.
Result<std::vector<OutputFile>> read_all(const std::vector<Found>& found, const fs::path& root,
                                         const std::string& prefix) {
  std::vector<OutputFile> files(found.size());
  std::vector<std::optional<std::string>> errors(found.size());
  tbb::parallel_for(std::size_t{0}, found.size(), [&](std::size_t i) {
    files[i].path = found[i].path;
    std::ifstream in(root / found[i].path, std::ios::binary);
    std::ostringstream content;
    if (in) content << in.rdbuf();
    if (!in || in.bad()) {
      errors[i] = prefix + "cannot read output \"" + found[i].path + "\"";
      return;
    }
    files[i].content = std::move(content).str();
  });
  for (const auto& error : errors) {
    if (error) return make_error(*error);
  }
  return files;
}

std::string top_directory(const std::string& path) {
  return path.substr(0, path.find('/'));
}

}  // namespace

Status check_container_output(const fs::path& output_dir, const WorkflowOptions& options,
                              const std::string& prefix) {
  auto found = walk(output_dir, options.max_output_files, prefix);
  if (!found) return found.error();
  return check_files(*found, options, prefix);
}

Result<std::vector<OutputGroup>> collect_output_groups(const fs::path& output_dir,
                                                       const std::vector<SelectorEntry>& entries,
                                                       const WorkflowOptions& options,
                                                       const std::string& label) {
  const std::string prefix = "pipeline \"" + label + "\": ";
  auto found = walk(output_dir, options.max_output_files, prefix);
  if (!found) return found.error();
  if (Status checked = check(*found, output_dir, entries, options, prefix); !checked) return checked.error();
  auto files = read_all(*found, output_dir, prefix);
  if (!files) return files.error();

  std::vector<OutputGroup> groups;
  OutputGroup fallback{".", md5_hex("."), std::nullopt, {}};
  for (const SelectorEntry& entry : entries) {
    if (entry.directory == ".") {
      fallback.workflow_selector = entry.match_labels;
      fallback.workflow_expressions = entry.match_expressions;
    } else {
      groups.push_back(OutputGroup{entry.directory, md5_hex(entry.directory), entry.match_labels, {}});
      groups.back().workflow_expressions = entry.match_expressions;
    }
  }
  for (OutputFile& file : *files) {
    const std::string top = top_directory(file.path);
    auto group =
        std::find_if(groups.begin(), groups.end(), [&](const OutputGroup& g) { return g.directory == top; });
    (group == groups.end() ? fallback : *group).files.push_back(std::move(file));
  }
  if (!fallback.files.empty()) groups.push_back(std::move(fallback));
  return groups;
}

}  // namespace ferry::pipeline

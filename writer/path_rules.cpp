#include "writer/path_rules.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

#include "writer/layout.h"

namespace ferry::writer {
namespace {

bool is_dot_git(std::string_view segment) {
  if (segment.size() != 4) return false;
  return std::equal(segment.begin(), segment.end(), ".git",
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

// Why `path` is refused, or nothing when it is acceptable.
std::optional<std::string> path_problem(const std::string& path) {
  if (path.empty()) return "empty path";
  if (path.find('\0') != std::string::npos) return "NUL byte";
  if (path.front() == '/') return "absolute path";
  std::string_view rest = path;
  while (true) {
    const auto slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    if (segment.empty()) return "empty segment";
    if (segment == ".") return "\".\" segment";
    if (segment == "..") return "\"..\" segment";
    if (is_dot_git(segment)) return "\".git\" segment";
    if (slash == std::string_view::npos) return std::nullopt;
    rest.remove_prefix(slash + 1);
  }
}

std::string quoted(const std::string& path) {
  return "\"" + path + "\"";
}

// The destination, record name, aggregate file and files of one flat placement.
Status validate_flat(const FlatPlacement& p) {
  const FlatDestination& d = p.destination;
  if (const std::string dir = destination_dir(d); !dir.empty()) {
    if (auto status = validate_repository_path(dir); !status) return status;
  }
  if (auto problem = path_problem(p.record); problem || p.record.find('/') != std::string::npos) {
    return make_error("invalid record name " + quoted(p.record) + ": " + problem.value_or("contains '/'"));
  }
  if (auto status = validate_repository_path(aggregate_path(d)); !status) return status;
  for (const auto& [file, content] : p.files) {
    auto problem = path_problem(file);
    if (!problem && d.mode == FilepathMode::none && (file == ".kratix" || file.starts_with(".kratix/"))) {
      problem = "\".kratix\" is where the records of filepath mode none are kept";
    }
    if (problem) {
      return make_error("invalid repository path " + quoted(file) + " in flat placement " + quoted(p.record) +
                        ": " + *problem);
    }
  }
  return ok();
}

}  // namespace

Status validate_repository_path(const std::string& path) {
  if (auto problem = path_problem(path)) {
    return make_error("invalid repository path " + quoted(path) + ": " + *problem);
  }
  return ok();
}

Status validate_change(const Change& change) {
  for (const Bundle& bundle : change.bundles) {
    if (auto status = validate_repository_path(bundle.directory); !status) return status;
    for (const auto& [file, content] : bundle.files) {
      if (auto problem = path_problem(file)) {
        return make_error("invalid repository path " + quoted(file) + " in bundle " +
                          quoted(bundle.directory) + ": " + *problem);
      }
    }
  }
  for (const std::string& directory : change.removed_directories) {
    if (auto status = validate_repository_path(directory); !status) return status;
  }
  for (const FlatPlacement& placement : change.flat_placements) {
    if (auto status = validate_flat(placement); !status) return status;
  }
  for (const FileWrite& write : change.files) {
    if (auto status = validate_repository_path(write.path); !status) return status;
  }
  return ok();
}

Result<std::string> normalise_read_prefix(const std::string& prefix) {
  std::string trimmed = prefix;
  while (!trimmed.empty() && trimmed.back() == '/') trimmed.pop_back();
  if (trimmed.empty()) return trimmed;
  if (auto status = validate_repository_path(trimmed); !status) return status.error();
  return trimmed;
}

}  // namespace ferry::writer

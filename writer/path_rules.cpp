#include "writer/path_rules.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

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

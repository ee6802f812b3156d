#include "writer/drift.h"

#include <algorithm>
#include <optional>

namespace ferry::writer {
namespace {

std::optional<std::string> at(const FileMap& files, const std::string& path) {
  const auto found = files.find(path);
  return found == files.end() ? std::nullopt : std::optional(found->second);
}

bool below(const std::string& path, const std::string& directory) {
  return directory.empty() || path == directory ||
         (path.size() > directory.size() && path.starts_with(directory) && path[directory.size()] == '/');
}

}  // namespace

DriftScope drift_scope(const Change& change, const FileEdits& edits) {
  DriftScope scope;
  scope.directories = change.removed_directories;
  for (const Bundle& bundle : change.bundles) scope.directories.push_back(bundle.directory);
  scope.files = edits.removed;
  for (const auto& [path, content] : edits.written) scope.files.insert(path);
  for (const FileWrite& write : change.files) scope.files.insert(write.path);
  return scope;
}

FileMap in_scope(const FileMap& files, const DriftScope& scope) {
  FileMap scoped;
  for (const auto& file : files) {  // not a structured binding: clang 14 (ci/fuzz) cannot capture one
    const std::string& path = file.first;
    const bool owned = scope.files.count(path) != 0 ||
                       std::any_of(scope.directories.begin(), scope.directories.end(),
                                   [&](const std::string& directory) { return below(path, directory); });
    if (owned) scoped.emplace(file);
  }
  return scoped;
}

std::string summary_of(const std::string& message) {
  return message.substr(0, message.find('\n'));
}

std::vector<std::string> restored_paths(const FileMap& own, const FileMap& now, const FileMap& after) {
  std::set<std::string> paths;
  for (const auto& [path, content] : own) paths.insert(path);
  for (const auto& [path, content] : now) paths.insert(path);
  std::vector<std::string> restored;
  for (const std::string& path : paths) {
    const auto now_content = at(now, path);
    if (at(own, path) != now_content && at(after, path) != now_content) restored.push_back(path);
  }
  return restored;
}

}  // namespace ferry::writer

#include "writer/file_tree.h"

#include "writer/path_rules.h"

namespace ferry::writer {

Files files_below(const Files& files, const std::string& prefix) {
  if (prefix.empty()) return files;
  const std::string below = prefix + "/";
  Files found;
  for (auto it = files.lower_bound(below); it != files.end() && it->first.starts_with(below); ++it) {
    found.insert(*it);
  }
  return found;
}

void remove_below(Files& files, const std::string& path) {
  files.erase(path);
  const std::string below = path + "/";
  auto it = files.lower_bound(below);
  while (it != files.end() && it->first.starts_with(below)) it = files.erase(it);
}

Result<AppliedChange> apply_to_files(const Files& before, const Change& change) {
  if (auto valid = validate_change(change); !valid) return valid.error();
  auto edits = expand_flat(
      change, [&before](const std::string& prefix) -> Result<Files> { return files_below(before, prefix); });
  if (!edits) return edits.error();
  AppliedChange applied{before, std::move(*edits)};
  Files& next = applied.files;
  for (const std::string& directory : change.removed_directories) remove_below(next, directory);
  for (const Bundle& bundle : change.bundles) remove_below(next, bundle.directory);
  for (const Bundle& bundle : change.bundles) {
    for (const auto& [file, content] : bundle.files) next[bundle.directory + "/" + file] = content;
  }
  for (const FileWrite& write : change.files) {
    if (write.content) {
      remove_below(next, write.path);  // as TreeEdit::put: a directory in the way is replaced
      next[write.path] = *write.content;
    } else {
      next.erase(write.path);
    }
  }
  for (const std::string& path : applied.edits.removed) remove_below(next, path);
  for (const auto& [path, content] : applied.edits.written) next[path] = content;
  return applied;
}

}  // namespace ferry::writer

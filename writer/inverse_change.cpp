#include "writer/inverse_change.h"

#include <algorithm>
#include <set>
#include <vector>

#include "core/md5.h"
#include "writer/flat_record.h"
#include "writer/layout.h"

namespace ferry::writer {
namespace {

// One flat Destination a change names: the owners whose records it drops or writes, and the record paths
// its placements write (a record of that name is replaced whoever owned it).
struct FlatScope {
  FlatDestination destination;
  std::set<std::string> owners;
  std::set<std::string> records;
};

// By destination directory.
std::map<std::string, FlatScope> flat_scopes(const Change& change) {
  std::map<std::string, FlatScope> scopes;
  auto scope_of = [&scopes](const FlatDestination& d) -> FlatScope& {
    return scopes.try_emplace(destination_dir(d), FlatScope{d, {}, {}}).first->second;
  };
  for (const FlatRemoval& removal : change.flat_removals)
    scope_of(removal.destination).owners.insert(removal.owner);
  for (const FlatPlacement& placement : change.flat_placements) {
    FlatScope& scope = scope_of(placement.destination);
    scope.owners.insert(placement.owner);
    scope.records.insert(record_path(placement.destination, placement.record));
  }
  return scopes;
}

// The removed and bundle directories, sorted, each once.
std::vector<std::string> directories_of(const Change& change) {
  std::vector<std::string> directories = change.removed_directories;
  for (const Bundle& bundle : change.bundles) directories.push_back(bundle.directory);
  std::sort(directories.begin(), directories.end());
  directories.erase(std::unique(directories.begin(), directories.end()), directories.end());
  return directories;
}

// The records of one flat Destination in scope, by path. One that does not parse is left out: applying
// a change over it fails anyway (flat_record.h).
std::map<std::string, FlatRecord> scoped_records(const Files& files, const FlatScope& scope) {
  const std::string dir = records_dir(scope.destination) + "/";
  std::map<std::string, FlatRecord> found;
  for (const auto& [path, text] : files_below(files, records_dir(scope.destination))) {
    const std::string name = path.substr(dir.size());
    if (name.find('/') != std::string::npos || !name.ends_with(".yaml")) continue;
    auto record = parse_record(text, path);
    if (!record) continue;
    const bool owned = !record->owner.empty() && scope.owners.count(record->owner) != 0;
    if (owned || scope.records.count(path) != 0) found.emplace(path, std::move(*record));
  }
  return found;
}

// The directory holding `path` ("" at the top).
std::string parent_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// The files of `files` that the change's file writes name.
Files written_files(const Files& files, const Change& change) {
  Files found;
  for (const FileWrite& write : change.files) {
    if (auto it = files.find(write.path); it != files.end()) found.insert(*it);
  }
  return found;
}

// What the store holds where the change reads and writes: its directories, its flat Destinations and the
// files it writes on their own (read through their directory, keeping only them).
Result<Files> read_area(StateStore& store, const Change& change) {
  std::vector<std::string> prefixes = directories_of(change);
  for (const auto& [dir, scope] : flat_scopes(change)) prefixes.push_back(dir);
  Files area;
  for (const std::string& prefix : prefixes) {
    auto files = store.read_files(prefix);
    if (!files) return files.error();
    area.merge(*files);
  }
  for (const FileWrite& write : change.files) {
    auto files = store.read_files(parent_of(write.path));
    if (!files) return files.error();
    if (auto it = files->find(write.path); it != files->end()) area.insert(*it);
  }
  return area;
}

// The placement that writes `record` back as it is, with the files it lists as they are in `before`.
FlatPlacement placement_of(const FlatScope& scope, const std::string& path, const FlatRecord& record,
                           const Files& before) {
  const FlatDestination& d = scope.destination;
  const std::string name = path.substr(records_dir(d).size() + 1, path.size() - records_dir(d).size() - 6);
  FlatPlacement placement{d, name, record.work_placement, record.owner, {}};
  for (const auto& [file, content] : record.workloads) placement.files[file] = content;
  const std::string dir = destination_dir(d);
  for (const std::string& entry : record.files) {
    const std::string repository_path = record_entry_path(d, entry);
    const auto found = before.find(repository_path);
    if (found == before.end()) continue;
    placement.files[dir.empty() ? repository_path : repository_path.substr(dir.size() + 1)] = found->second;
  }
  return placement;
}

// "Update from: x\n\n<trailers>" -> "Revert from: x\n\n<trailers>".
std::string revert_message(const std::string& message) {
  const auto space = message.find(' ');
  if (space == std::string::npos || space > message.find('\n')) return "Revert: " + message;
  return "Revert" + message.substr(space);
}

Change inverse_of(const Files& before, const Change& change) {
  Change inverse;
  inverse.message = revert_message(change.message);
  inverse.author = change.author;
  for (const std::string& dir : directories_of(change)) {
    const Files below = files_below(before, dir);
    if (below.empty()) {
      inverse.removed_directories.push_back(dir);
      continue;
    }
    Bundle bundle{dir, {}};
    for (const auto& [path, content] : below) bundle.files[path.substr(dir.size() + 1)] = content;
    inverse.bundles.push_back(std::move(bundle));
  }
  for (const auto& [dir, scope] : flat_scopes(change)) {
    for (const std::string& owner : scope.owners) inverse.flat_removals.push_back({scope.destination, owner});
    for (const auto& [path, record] : scoped_records(before, scope))
      inverse.flat_placements.push_back(placement_of(scope, path, record, before));
  }
  // Each file written on its own gets its old bytes back, or goes when it was not there.
  for (const FileWrite& write : change.files) {
    const auto found = before.find(write.path);
    inverse.files.push_back(
        {write.path, found == before.end() ? std::nullopt : std::optional(found->second)});
  }
  return inverse;
}

// Sorted paths whose digest differs (or that only one side has).
std::string differing_paths(const ScopeDigests& a, const ScopeDigests& b) {
  std::set<std::string> paths;
  for (const auto& [path, digest] : a) {
    if (auto found = b.find(path); found == b.end() || found->second != digest) paths.insert(path);
  }
  for (const auto& [path, digest] : b) {
    if (!a.contains(path)) paths.insert(path);
  }
  std::string text;
  for (const std::string& path : paths) text += (text.empty() ? "" : ", ") + path;
  return text;
}

}  // namespace

Files scope_files(const Files& files, const Change& change) {
  Files scope = written_files(files, change);
  for (const std::string& dir : directories_of(change)) scope.merge(files_below(files, dir));
  for (const auto& [dir, flat] : flat_scopes(change)) {
    for (const auto& [path, record] : scoped_records(files, flat)) {
      scope[path] = files.at(path);
      for (const std::string& entry : record.files) {
        if (auto found = files.find(record_entry_path(flat.destination, entry)); found != files.end())
          scope.insert(*found);
      }
    }
  }
  return scope;
}

ScopeDigests digests_of(const Files& files) {
  ScopeDigests digests;
  for (const auto& [path, content] : files) digests[path] = md5_hex(content);
  return digests;
}

Result<Undo> capture_undo(StateStore& store, const Change& change) {
  auto area = read_area(store, change);
  if (!area) return area.error();
  auto applied = apply_to_files(*area, change);
  if (!applied) return applied.error();
  return Undo{inverse_of(*area, change), digests_of(scope_files(*area, change)),
              digests_of(scope_files(applied->files, change))};
}

Result<std::optional<std::string>> apply_undo(StateStore& store, const Undo& undo) {
  auto area = read_area(store, undo.inverse);
  if (!area) return area.error();
  const ScopeDigests now = digests_of(scope_files(*area, undo.inverse));
  if (now == undo.before) return std::optional<std::string>();
  if (now != undo.after)
    return make_error(store.describe() + ": not reverted: " + differing_paths(now, undo.after) +
                      " changed since the commit");
  auto outcome = store.apply(undo.inverse);
  if (!outcome) return outcome.error();
  return outcome->commit_sha;
}

}  // namespace ferry::writer

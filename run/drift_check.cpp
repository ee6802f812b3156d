#include "run/drift_check.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <utility>

namespace ferry::runner {
namespace {

// A nested bundle's directory holds a "resources" or "dependencies" segment; a flat placement's path is
// its Destination's directory, shared with every other placement there.
bool is_bundle_directory(const std::string& path) {
  const std::string slashed = "/" + path + "/";
  return slashed.find("/resources/") != std::string::npos ||
         slashed.find("/dependencies/") != std::string::npos;
}

// Bundle directory -> the record directories that name it, for the records that wrote to `store` (or
// recorded no commit, so may have).
std::map<std::string, std::vector<std::string>> bundle_owners(const RunState& records,
                                                              const std::string& store) {
  std::map<std::string, std::vector<std::string>> owners;
  for (const auto& [directory, record] : records) {
    const bool in_store = record.commits.empty() ||
                          std::any_of(record.commits.begin(), record.commits.end(),
                                      [&](const CommitReport& commit) { return commit.store == store; });
    if (!in_store) continue;
    for (const PlacementReport& placement : record.placements) {
      if (is_bundle_directory(placement.path)) owners[placement.path].push_back(directory);
    }
  }
  return owners;
}

}  // namespace

void attribute_drift(const RunState& records, const std::string& store,
                     const std::vector<std::string>& changed, DriftFindings& findings) {
  if (changed.empty()) return;
  const auto owners = bundle_owners(records, store);
  std::set<std::string> touched;
  for (const std::string& path : changed) {
    for (auto slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1)) {
      const auto owner = owners.find(path.substr(0, slash));
      if (owner == owners.end()) continue;
      for (const std::string& directory : owner->second) {
        findings[directory].push_back(store + " " + path);
        touched.insert(directory);
      }
      break;
    }
  }
  for (const std::string& directory : touched) {  // sorted, each path once
    auto& paths = findings[directory];
    std::sort(paths.begin(), paths.end());
    paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  }
}

DriftCheck check_drift(const RunState& records, const std::map<std::string, std::string>& recorded_tips,
                       const std::map<std::string, writer::StateStore*>& stores) {
  // Every store's history read at once (a fetch each for remote stores), then judged in store order.
  const std::vector<std::pair<std::string, writer::StateStore*>> each(stores.begin(), stores.end());
  std::vector<std::optional<std::string>> since(each.size());
  std::vector<Result<writer::BranchHistory>> histories(each.size(), writer::BranchHistory{});
  for (std::size_t i = 0; i < each.size(); ++i) {
    const auto recorded = recorded_tips.find(each[i].first);
    if (recorded != recorded_tips.end() && !recorded->second.empty()) since[i] = recorded->second;
  }
  tbb::parallel_for(std::size_t{0}, each.size(),
                    [&](std::size_t i) { histories[i] = each[i].second->history_since(since[i]); });
  DriftCheck check;
  for (std::size_t i = 0; i < each.size(); ++i) {
    const std::string& name = each[i].first;
    const auto& history = histories[i];
    if (!history) {
      check.warnings.push_back("drift in GitStateStore " + name +
                               " was not checked: " + history.error().render());
      continue;
    }
    check.tips[name] = history->tip.value_or("");
    if (!since[i] && history->tip) check.unknown_to_records[name] = "the records hold no tip of its branch";
    if (since[i] && !history->since_found) {
      check.warnings.push_back(
          "drift in GitStateStore " + name + " was not checked: its branch no longer holds " +
          "the commit ferry last saw (" + since[i]->substr(0, 12) + "); it was rewritten");
      continue;
    }
    // Every path others changed, attributed at once: the records' bundles are indexed once per store.
    std::vector<std::string> changed;
    for (const writer::BranchCommit& commit : history->commits) {
      if (commit.by_ferry) {
        check.unknown_to_records[name] =
            "ferry commits since the tip the records hold (another run wrote to it)";
      } else {
        changed.insert(changed.end(), commit.changed_paths.begin(), commit.changed_paths.end());
      }
    }
    attribute_drift(records, name, changed, check.findings);
  }
  return check;
}

std::map<std::string, std::string> tips_to_record(const DriftCheck& check,
                                                  const std::set<std::string>& unrestored,
                                                  const std::map<std::string, std::string>& recorded_tips,
                                                  const std::map<std::string, writer::StateStore*>& stores) {
  std::set<std::string> keep;
  for (const std::string& directory : unrestored) {
    const auto found = check.findings.find(directory);
    if (found == check.findings.end()) continue;
    for (const std::string& entry : found->second) keep.insert(entry.substr(0, entry.find(' ')));
  }
  std::map<std::string, std::string> tips;
  for (const auto& [name, store] : stores) {
    if (keep.contains(name) || !check.tips.contains(name)) {  // drift left, or not checked: compare again
      if (const auto recorded = recorded_tips.find(name); recorded != recorded_tips.end())
        tips[name] = recorded->second;
      continue;
    }
    auto now = store->history_since(std::nullopt);
    if (now && now->tip) tips[name] = *now->tip;
  }
  return tips;
}

}  // namespace ferry::runner

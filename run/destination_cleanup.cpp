// Destination spec.cleanup: all (destination_cleanup.h): the records of what to remove, and the removal
// once the Destination is gone.
#include "run/destination_cleanup.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "platform/destination_layout.h"
#include "writer/layout.h"

namespace ferry::runner {
namespace {

using json = nlohmann::json;

constexpr const char* kCleanupsDirectory = "destinations";
constexpr const char* kCleanupFile = "cleanup.json";
constexpr int kCleanupFormat = 1;

std::string cleanup_directory(const std::string& destination) {
  return std::string(kCleanupsDirectory) + "/" + destination;
}

std::string cleanup_json(const DestinationCleanup& c) {
  const json j = {{"format", kCleanupFormat},
                  {"destination", c.destination},
                  {"store", c.store},
                  {"directories", c.directories},
                  {"files", c.files}};
  return j.dump(2) + "\n";
}

Result<DestinationCleanup> parse_cleanup(const std::string& text, const std::string& path) {
  try {
    const json j = json::parse(text);
    if (j.at("format").get<int>() != kCleanupFormat)
      return make_error(SourceLocation{path, 0, 0}, "unknown cleanup record format " + j.at("format").dump());
    return DestinationCleanup{j.at("destination").get<std::string>(), j.at("store").get<std::string>(),
                              j.at("directories").get<std::vector<std::string>>(),
                              j.at("files").get<std::vector<std::string>>()};
  } catch (const json::exception& e) {
    return make_error(SourceLocation{path, 0, 0}, std::string("not a cleanup record: ") + e.what());
  }
}

DestinationCleanup cleanup_of(const writer::DestinationLayout& layout, const std::string& store) {
  DestinationCleanup cleanup{layout.name, store, {}, {}};
  const writer::CanaryPaths canaries = writer::canary_paths(layout);
  if (layout.mode == writer::FilepathMode::nested_by_metadata) {
    const std::string dir = writer::destination_dir(layout.paths);
    cleanup.directories = {writer::join_path({dir, "resources"}), writer::join_path({dir, "dependencies"})};
  } else {
    cleanup.directories = {writer::records_dir(layout.paths)};
    cleanup.files = {writer::aggregate_path(layout.paths)};
  }
  cleanup.files.push_back(canaries.namespace_file);
  cleanup.files.push_back(canaries.config_map_file);
  return cleanup;
}

std::string describe_commit(const OpenStore& open, const writer::CommitOutcome& outcome) {
  if (!outcome.commit_sha) return "nothing left to remove";
  return "its files removed from " + open.config->name + "@" + open.config->branch + " in " +
         outcome.commit_sha->substr(0, 12);
}

bool declared(const Platform& platform, const std::string& destination) {
  return std::any_of(platform.destinations.begin(), platform.destinations.end(),
                     [&](const scheduler::Destination& d) { return d.name == destination; });
}

}  // namespace

std::vector<DestinationCleanup> cleanups_to_record(const Platform& platform,
                                                   const std::vector<DestinationCleanup>& recorded,
                                                   const std::vector<std::string>& cleaned) {
  std::vector<DestinationCleanup> kept = declared_cleanups(platform);
  for (const DestinationCleanup& c : recorded) {
    const bool done = std::find(cleaned.begin(), cleaned.end(), c.destination) != cleaned.end();
    if (!done && !declared(platform, c.destination)) kept.push_back(c);
  }
  return kept;
}

std::vector<DestinationCleanup> declared_cleanups(const Platform& platform) {
  std::vector<DestinationCleanup> cleanups;
  for (const scheduler::Destination& d : platform.destinations) {
    const GitStateStore* store = platform.store(d.state_store);
    if (store == nullptr || !platform.filepath(d.name).cleanup_all) continue;
    cleanups.push_back(cleanup_of(destination_layout(platform, *store, d), store->name));
  }
  return cleanups;
}

Result<std::vector<DestinationCleanup>> load_recorded_cleanups(writer::StateStore& state) {
  auto files = state.read_files(kCleanupsDirectory);
  if (!files) return files.error();
  std::vector<DestinationCleanup> cleanups;
  for (const auto& [path, text] : *files) {
    if (!path.ends_with(std::string("/") + kCleanupFile)) continue;
    auto cleanup = parse_cleanup(text, state.describe() + ":" + path);
    if (!cleanup) return cleanup.error();
    cleanups.push_back(std::move(*cleanup));
  }
  return cleanups;
}

std::vector<std::string> clean_up_removed_destinations(const Platform& platform,
                                                       const std::vector<DestinationCleanup>& recorded,
                                                       OpenStores& stores, RunReport& run) {
  std::vector<std::string> cleaned;
  for (const DestinationCleanup& cleanup : recorded) {
    if (declared(platform, cleanup.destination)) continue;
    const std::string who = "Destination " + cleanup.destination + " (cleanup: all)";
    const auto found = stores.find(cleanup.store);
    if (found == stores.end()) {
      run.cleanup_errors.push_back(who + ": its files were not removed: its GitStateStore " + cleanup.store +
                                   " is not in the platform; declare the store again for one run");
      continue;
    }
    OpenStore& open = found->second;
    writer::Change change;
    change.message = "Delete from: Destination " + cleanup.destination +
                     "\n\nFerry-Destination: " + cleanup.destination + "\n";
    change.author = open.config->author;
    change.removed_directories = cleanup.directories;
    for (const std::string& file : cleanup.files) change.files.push_back({file, std::nullopt});
    const std::lock_guard lock(open.write_mutex);
    auto outcome = open.store->apply(change);
    if (!outcome) {
      run.cleanup_errors.push_back(who + ": its files were not removed: " + outcome.error().render());
      continue;
    }
    run.destination_cleanups.push_back(who + ": " + describe_commit(open, *outcome));
    cleaned.push_back(cleanup.destination);
  }
  return cleaned;
}

void record_cleanups(writer::Change& change, const std::vector<DestinationCleanup>& before,
                     const std::vector<DestinationCleanup>& after) {
  std::map<std::string, const DestinationCleanup*> recorded;
  for (const DestinationCleanup& c : before) recorded[c.destination] = &c;
  for (const DestinationCleanup& c : after) {
    const auto old = recorded.find(c.destination);
    if (old == recorded.end() || !(*old->second == c))
      change.bundles.push_back({cleanup_directory(c.destination), {{kCleanupFile, cleanup_json(c)}}});
    if (old != recorded.end()) recorded.erase(old);
  }
  for (const auto& [destination, cleanup] : recorded)
    change.removed_directories.push_back(cleanup_directory(destination));
}

}  // namespace ferry::runner

#include "run/recorded_run.h"

#include "run/deletion.h"
#include "run/deletion_guard.h"
#include "run/recorded_stores.h"
#include "run/records_cache.h"

namespace ferry::runner {
namespace {

// A narrow run's records (ReconcileOptions::Narrow): every Promise's and those of `request_records`, each
// read alone at the state's tip.
Result<RunState> load_narrow_records(writer::StateStore& state,
                                     const std::vector<std::string>& request_records) {
  auto tip = state.history_since(std::nullopt);
  if (!tip) return tip.error();
  auto files = state.read_files_at(tip->tip.value_or(""), "promises");
  if (!files) return files.error();
  for (const std::string& directory : request_records) {
    const std::string path = directory + "/" + kRecordFile;
    auto text = state.read_file_at(tip->tip.value_or(""), path);
    if (!text) return text.error();
    if (*text) files->emplace(path, std::move(**text));
  }
  auto parsed = parse_records(*files, state.describe());
  if (!parsed) return parsed.error();
  RunState records;
  for (ObjectRecord& record : *parsed) records.emplace(record.directory(), std::move(record));
  return records;
}

}  // namespace

Result<std::optional<RecordedRun>> load_recorded_run(const Platform& platform,
                                                     const ReconcileOptions& options) {
  if (!options.state) return std::optional<RecordedRun>();
  std::vector<std::string> warnings;
  auto records = options.narrow ? load_narrow_records(*options.state, options.narrow->request_records)
                 : options.records_cache.empty()
                     ? load_run_state(*options.state)
                     : load_run_state_cached(*options.state, options.records_cache, false, warnings);
  if (!records) return records.error();
  // Before any workflow or commit: a run that would delete too much does nothing at all.
  if (Status allowed = check_deletions(platform, *records, options.max_deletions); !allowed)
    return allowed.error();
  auto stores = load_recorded_stores(*options.state);
  if (!stores) return stores.error();
  auto cleanups = load_recorded_cleanups(*options.state);
  if (!cleanups) return cleanups.error();
  return std::optional(
      RecordedRun{std::move(*records), std::move(*stores), std::move(*cleanups), std::move(warnings)});
}

std::optional<Platform> with_retired_stores(const Platform& declared, const RecordedRun& recorded,
                                            const StoreOpener& open_store, StoreSet& opened,
                                            std::vector<std::string>& warnings) {
  const std::vector<GitStateStore> retired = retired_stores(declared, recorded.stores.stores);
  if (retired.empty() || vanished_objects(declared, recorded.records).empty()) return std::nullopt;
  Platform widened = declared;
  for (const GitStateStore& config : retired) {
    auto store = open_store(config);
    if (!store) {
      warnings.push_back("GitStateStore " + config.name +
                         ", which the platform no longer declares, could not be " +
                         "opened to remove what vanished objects left in it: " + store.error().render());
      continue;
    }
    opened.owned[config.name] = std::move(*store);
    opened.views[config.name] = opened.owned[config.name].get();
    widened.stores.push_back(config);
  }
  return widened;
}

std::vector<GitStateStore> stores_to_record(const Platform& declared, const RecordedRun& recorded,
                                            const IncrementalRun& incremental) {
  std::vector<GitStateStore> stores = declared.stores;
  // The retired stores first: without any, the records (every one) need not be looked at.
  std::vector<GitStateStore> retired = retired_stores(declared, recorded.stores.stores);
  if (retired.empty() || vanished_objects(declared, incremental.settled_after()).empty()) return stores;
  for (GitStateStore& store : retired) stores.push_back(std::move(store));
  return stores;
}

}  // namespace ferry::runner

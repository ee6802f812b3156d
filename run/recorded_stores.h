// The state stores a run wrote to, kept beside the records in the state repository
// (stores/<name>/store.json): when a later platform no longer declares a store (an emptied or mistyped
// platform path, a store taken out with its Destinations), the objects that vanished with it are still
// removed from it, so that the records and the Destinations keep agreeing (docs/state.md). A relative
// local URL is kept absolute, as it resolved against the platform that declared it; a password in a URL
// is never kept (a retired store that needs one is reached through spec.secretRef, or not at all).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/platform.h"
#include "writer/state_store.h"

namespace ferry::runner {

// The stores recorded in the state repository, and beside each the tip of its branch at the end of the
// last run (stores/<name>/tip), which drift checks compare with (drift_check.h).
struct RecordedStores {
  std::vector<GitStateStore> stores;
  std::map<std::string, std::string> tips;  // store name -> commit id
};

// Every store recorded in the state repository. A file that does not parse is an error naming it.
Result<RecordedStores> load_recorded_stores(writer::StateStore& state);

// Adds to `change` what turns the recorded stores `before` into `after` with `tips`: a store whose record
// text or tip changed (or is new) rewritten, one no longer in `after` removed. Nothing when they agree.
// `platform_root` resolves relative local URLs.
void record_stores(writer::Change& change, const RecordedStores& before,
                   const std::vector<GitStateStore>& after, const std::map<std::string, std::string>& tips,
                   const std::filesystem::path& platform_root);

// The recorded stores `platform` does not declare (by name): retired stores.
std::vector<GitStateStore> retired_stores(const Platform& platform,
                                          const std::vector<GitStateStore>& recorded);

// The record's JSON text and back (exposed for tests).
std::string store_record_json(const GitStateStore& store, const std::filesystem::path& platform_root);
Result<GitStateStore> parse_store_record(const std::string& json_text, const std::string& path);

}  // namespace ferry::runner

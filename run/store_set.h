// The run's state stores, opened: how a GitStateStore becomes a writer::StateStore (its URL, credentials
// and the options of StoreAccess), and the set a run keeps open for its whole length.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>

#include "core/error.h"
#include "platform/platform.h"
#include "platform/store_access.h"
#include "writer/state_store.h"
#include "writer/store_factory.h"

namespace ferry::runner {

// Opens the state store behind a GitStateStore. The real one is state_store_opener; tests pass fakes.
using StoreOpener = std::function<Result<std::unique_ptr<writer::StateStore>>(const GitStateStore&)>;

// What state_store_opener hands a store's spec to: writer::open_state_store, or a fake in tests.
using SpecOpener = std::function<Result<std::unique_ptr<writer::StateStore>>(const writer::StoreSpec&)>;

// Opens each store by its URL (local path, file://, git://, https://, ssh) with the credentials of its
// spec.secretRef and the options in `access` (platform/platform.h store_spec_of). A store that cannot be
// opened is an error located at its spec.url (spec.secretRef for a missing key).
StoreOpener state_store_opener(StoreAccess access, SpecOpener open = writer::open_state_store);

// Every store of the platform, opened: `owned` keeps them alive, `views` is what readers take.
struct StoreSet {
  std::map<std::string, std::unique_ptr<writer::StateStore>> owned;
  std::map<std::string, writer::StateStore*> views;
};
Result<StoreSet> open_stores(const Platform& platform, const StoreOpener& open_store);

}  // namespace ferry::runner

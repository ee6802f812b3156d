// From a GitStateStore declaration to a writer::StoreSpec: what every store of a run shares, and the
// credentials of spec.secretRef read from the local secret sources (docs/stores.md).
#pragma once

#include <filesystem>

#include "core/error.h"
#include "platform/platform.h"
#include "writer/store_spec.h"

namespace ferry::pipeline {
class SecretSource;
}  // namespace ferry::pipeline

namespace ferry::runner {

// What every store of a run shares (command line options) and where credentials are read.
struct StoreAccess {
  std::filesystem::path platform_root;              // relative local paths are relative to it
  std::filesystem::path cache_dir;                  // fetch caches of remote stores, kept between runs
  std::filesystem::path ca_bundle;                  // extra CAs for https:// stores; empty: the system's only
  bool allow_insecure_http = false;                 // plain http:// stores are refused unless set
  const pipeline::SecretSource* secrets = nullptr;  // for spec.secretRef; null: no secrets at all
};

// How to open `store` (writer/store_factory.h open_state_store): its URL, branch, cache and credentials.
// The Secret of spec.secretRef is read here; a missing key is located at spec.secretRef and says how to
// provide it, never a value. An authMethod that does not fit the URL is located at spec.authMethod.
Result<writer::StoreSpec> store_spec_of(const GitStateStore& store, const StoreAccess& access);

}  // namespace ferry::runner

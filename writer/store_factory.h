// The one way the rest of ferry opens a state store from its declaration.
#pragma once

#include <memory>

#include "writer/state_store.h"
#include "writer/store_spec.h"

namespace ferry::writer {

// By the URL's transport (store_url.h):
//   local path      LocalGitRepo (the bare repository is created by the first commit when missing)
//   file://         LocalGitRepo on an existing repository (FileUrlMode::kLocal, the default), or
//                   RemoteGitRepo (FileUrlMode::kPush)
//   git://, https://, http:// (with allow_insecure_http), ssh://, user@host:path    RemoteGitRepo
// A file:// URL naming no repository reads
//   state store <url>: no repository at <path>
Result<std::unique_ptr<StateStore>> open_state_store(const StoreSpec& spec);

}  // namespace ferry::writer

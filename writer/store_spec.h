// Everything needed to open one state store (store_factory.h open_state_store, RemoteGitRepo::open).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "writer/credentials.h"

namespace ferry::writer {

// How RemoteGitRepo::apply retries a push the remote refused because its branch moved: up to `attempts`
// pushes in all, waiting min(base_delay * 2^n, max_delay) (n = 0, 1, ...) before retry n+1, of which up
// to half is drawn at random from a generator seeded with `seed` (a random seed when empty). Ten attempts
// wait at most about 9 s in all: four ferry processes at once on one branch ran out of five attempts in
// half of concurrent_writers_e2e_test's rounds.
struct RetryPolicy {
  int attempts = 10;
  std::chrono::milliseconds base_delay{50};
  std::chrono::milliseconds max_delay{2000};
  std::optional<std::uint64_t> seed;
};

// What file:// URLs open. kLocal (the default): LocalGitRepo on the repository itself, the fast path, with
// compare-and-swap on the ref. kPush: RemoteGitRepo, fetching into the cache and pushing, exactly like a
// network store (for tests of the remote path, and for repositories on shared file systems that other
// machines push to).
enum class FileUrlMode { kLocal, kPush };

struct StoreSpec {
  std::string url;  // see store_url.h for the accepted forms
  std::string branch = "main";
  std::filesystem::path cache_dir;  // root of the fetch caches of remote stores (kept between runs)
  Credentials credentials;
  bool allow_insecure_http = false;     // plain http:// is refused unless set
  std::filesystem::path platform_root;  // what relative local paths are relative to
  FileUrlMode file_urls = FileUrlMode::kLocal;
  RetryPolicy retry;
};

}  // namespace ferry::writer

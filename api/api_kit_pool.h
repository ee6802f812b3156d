// Kits (api_kit.h) made ahead on a thread of the pool's own, so that a pipeline's platform API starts
// without making its namespace, CA and token on the container start's path. The pool keeps at most `depth`
// kits ready and starts making them on the first take(), so a run that serves no API makes none. Each kit
// is handed out once and never again: every pipeline gets a namespace, CA and token of its own. A kit not
// handed out is dropped with the pool (its listener and namespace closed); a killed process leaves none
// behind, as the kernel closes its descriptors. A used kit's service-account directory comes back through
// discard() and is removed by the maker between kits, so that neither writing nor removing it is on a
// container start's path. Thread-safe.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <mutex>
#include <thread>

#include "api/api_kit.h"

namespace ferry::api {

class ApiKitPool {
 public:
  using Maker = std::function<Result<ApiKit>()>;
  // Kits listening on `port`, their service-account directories below `accounts` ("": none); `make`
  // replaces make_api_kit in tests.
  explicit ApiKitPool(std::uint16_t port, std::filesystem::path accounts = {}, std::size_t depth = 1);
  ApiKitPool(Maker make, std::size_t depth);
  // Stops the maker (waiting for a kit it is making) and drops the kits not handed out.
  ~ApiKitPool();
  ApiKitPool(const ApiKitPool&) = delete;
  ApiKitPool& operator=(const ApiKitPool&) = delete;

  // Starts making kits ahead now, before the first take() (for a run that knows it will serve an API).
  void make_ahead();
  // A ready kit, or one made now on the caller's thread when none is ready; the maker then makes the next.
  // When making one ahead fails, the pool makes no more ahead and each take() makes its own, so the
  // failure reaches the pipeline that needed the kit.
  Result<ApiKit> take();
  // Kits made ahead and not handed out yet.
  std::size_t ready() const;
  // Removes `account` on the maker's thread once no kit is wanted, or now when the maker is not running;
  // those still waiting when the pool goes are removed by its destructor.
  void discard(ServiceAccountFiles account);

 private:
  void start_maker(const std::lock_guard<std::mutex>& held);
  void keep_ready();

  Maker make_;
  const std::size_t depth_;
  mutable std::mutex mutex_;
  std::condition_variable wanted_;
  std::deque<ApiKit> ready_;
  std::deque<ServiceAccountFiles> discarded_;
  bool making_ = false;  // the maker runs: it has not stopped, nor given up after a failure
  bool stopping_ = false;
  std::thread maker_;  // started by the first take(); the last member, so it stops first
};

}  // namespace ferry::api

// ApiKitPool (api_kit_pool.h): one maker thread waits until fewer than `depth` kits are ready, makes one
// outside the lock, and stores it, and between kits removes the service-account directories discarded;
// take() pops one or makes its own.
#include "api/api_kit_pool.h"

#include <optional>

namespace ferry::api {

ApiKitPool::ApiKitPool(std::uint16_t port, std::filesystem::path accounts, std::size_t depth)
    : ApiKitPool([port, accounts = std::move(accounts)] { return make_api_kit(port, accounts); }, depth) {}

ApiKitPool::ApiKitPool(Maker make, std::size_t depth) : make_(std::move(make)), depth_(depth) {}

ApiKitPool::~ApiKitPool() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wanted_.notify_all();
  if (maker_.joinable()) maker_.join();
}

void ApiKitPool::start_maker(const std::lock_guard<std::mutex>& /*held*/) {
  if (maker_.joinable() || depth_ == 0) return;
  making_ = true;
  maker_ = std::thread([this] { keep_ready(); });
}

void ApiKitPool::make_ahead() {
  const std::lock_guard lock(mutex_);
  start_maker(lock);
}

Result<ApiKit> ApiKitPool::take() {
  std::optional<ApiKit> kit;
  {
    const std::lock_guard lock(mutex_);
    start_maker(lock);
    if (!ready_.empty()) {
      kit.emplace(std::move(ready_.front()));
      ready_.pop_front();
    }
  }
  if (!kit) return make_();
  wanted_.notify_all();
  return std::move(*kit);
}

std::size_t ApiKitPool::ready() const {
  const std::lock_guard lock(mutex_);
  return ready_.size();
}

void ApiKitPool::discard(ServiceAccountFiles account) {
  {
    const std::lock_guard lock(mutex_);
    if (making_) {
      discarded_.push_back(std::move(account));
      wanted_.notify_all();
      return;
    }
  }
  // No maker to hand it to: `account` is removed here, as it goes out of scope.
}

void ApiKitPool::keep_ready() {
  // This thread makes kits and removes files only: each kit's namespace is made on it, without a thread.
  const NetworkMovableThread movable;
  std::unique_lock lock(mutex_);
  while (true) {
    wanted_.wait(lock, [this] { return stopping_ || ready_.size() < depth_ || !discarded_.empty(); });
    if (stopping_) break;
    if (ready_.size() < depth_) {  // the next pipeline's kit comes before removing a finished one's files
      lock.unlock();
      auto kit = make_();
      lock.lock();
      // A failure stops making ahead: each take() then makes its own and reports the error to its pipeline.
      // A kit made while the pool stopped is dropped here, its descriptors closed.
      if (!kit || stopping_) break;
      ready_.push_back(std::move(*kit));
      continue;
    }
    std::optional<ServiceAccountFiles> removed(std::move(discarded_.front()));
    discarded_.pop_front();
    lock.unlock();
    removed.reset();
    lock.lock();
  }
  making_ = false;  // from now on discard() removes at once; the destructor removes what is left
}

}  // namespace ferry::api

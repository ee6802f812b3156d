// ApiKitPool (api_kit_pool.h): one maker thread waits until fewer than `depth` kits are ready, makes one
// outside the lock, and stores it; take() pops one or makes its own.
#include "api/api_kit_pool.h"

#include <optional>

namespace ferry::api {

ApiKitPool::ApiKitPool(std::uint16_t port, std::size_t depth)
    : ApiKitPool([port] { return make_api_kit(port); }, depth) {}

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
  if (!maker_.joinable() && depth_ > 0) maker_ = std::thread([this] { keep_ready(); });
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

void ApiKitPool::keep_ready() {
  std::unique_lock lock(mutex_);
  while (true) {
    wanted_.wait(lock, [this] { return stopping_ || ready_.size() < depth_; });
    if (stopping_) return;
    lock.unlock();
    auto kit = make_();
    lock.lock();
    // A failure stops making ahead: each take() then makes its own and reports the error to its pipeline.
    // A kit made while the pool stopped is dropped here, its descriptors closed.
    if (!kit || stopping_) return;
    ready_.push_back(std::move(*kit));
  }
}

}  // namespace ferry::api

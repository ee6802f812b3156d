#include "placement/lazy_run_scheduling.h"

#include "placement/placement_paths_cache.h"

namespace ferry::runner {

LazyRunScheduling::LazyRunScheduling(const Platform& platform,
                                     std::map<std::string, writer::StateStore*> stores,
                                     std::chrono::milliseconds timeout, PlacementReads reads)
    : platform_(platform), stores_(std::move(stores)), timeout_(timeout), reads_(std::move(reads)) {}

void LazyRunScheduling::read() {
  auto index = reads_.platform_requests_only
                   ? read_placement_index_of(platform_, stores_, platform_.requests)
                   : read_placement_index_cached(platform_, stores_, reads_.paths_cache, warnings_);
  if (!index) {
    error_ = index.error();
    return;
  }
  index_ = std::make_unique<PlacementIndex>(std::move(*index));
  scheduling_ = std::make_unique<RunScheduling>(platform_, *index_, timeout_);
}

Result<LazyRunScheduling::Ready> LazyRunScheduling::get() {
  std::call_once(once_, [this] { read(); });
  if (error_) return *error_;
  return Ready{index_.get(), scheduling_.get()};
}

std::vector<std::string> LazyRunScheduling::metric_failures() const {
  std::vector<std::string> failures;
  if (!scheduling_) return failures;
  for (const auto& [metric, failure] : scheduling_->readings().failures) failures.push_back(failure);
  return failures;
}

}  // namespace ferry::runner

// The scheduling inputs of one reconcile run, read on first use: the current placements read back from
// every store (through the placement paths cache when given one: placement_paths_cache.h) and the
// RunScheduling built on them (which reads the metrics). A run whose objects are all skipped reads neither,
// which keeps a no-op run close to the cost of loading the platform. Thread-safe: the first caller reads, the
// others wait.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "placement/placement_index.h"
#include "placement/run_scheduling.h"
#include "platform/platform.h"
#include "writer/state_store.h"

namespace ferry::runner {

// Which placements a LazyRunScheduling reads: every request's, through the placement paths cache at
// `paths_cache` ("": every store read whole); or, for a narrow run (run/narrow_run.h), the platform's
// requests' alone (read_placement_index_of), the cache neither read nor written.
struct PlacementReads {
  std::filesystem::path paths_cache;
  bool platform_requests_only = false;
};

class LazyRunScheduling {
 public:
  struct Ready {
    const PlacementIndex* index = nullptr;
    const RunScheduling* scheduling = nullptr;
  };

  // `platform` and the stores must outlive this object; nothing is read here.
  LazyRunScheduling(const Platform& platform, std::map<std::string, writer::StateStore*> stores,
                    std::chrono::milliseconds timeout, PlacementReads reads = {});

  // Reads on the first call; later calls return the same objects, or the same error.
  Result<Ready> get();
  // The error of the read, if one was made and failed (never reads).
  const std::optional<Error>& error() const { return error_; }
  // The metrics that had no value, once get() has read them (none before).
  std::vector<std::string> metric_failures() const;
  // The placement paths cache's warning, once get() has read (none before).
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  void read();

  const Platform& platform_;
  std::map<std::string, writer::StateStore*> stores_;
  std::chrono::milliseconds timeout_;
  PlacementReads reads_;
  std::vector<std::string> warnings_;
  std::once_flag once_;
  std::unique_ptr<PlacementIndex> index_;
  std::unique_ptr<RunScheduling> scheduling_;
  std::optional<Error> error_;
};

}  // namespace ferry::runner

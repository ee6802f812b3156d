// What a run reports as its objects finish, for whoever draws progress (runner/progress.h's line on a
// terminal). A run without one counts nothing.
#pragma once

#include <cstddef>

namespace ferry::runner {

class ProgressCounter {
 public:
  virtual ~ProgressCounter() = default;
  virtual void set_total(std::size_t objects) = 0;  // the run's Promises and requests, once known
  virtual void object_done() = 0;                   // one of them finished, whatever its outcome
};

}  // namespace ferry::runner

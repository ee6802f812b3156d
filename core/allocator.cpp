#include "core/allocator.h"

#include <malloc.h>

namespace ferry {

void tune_allocator_for_large_buffers() {
  constexpr int kMapFrom = 32 * 1024 * 1024;   // glibc's own ceiling for its moving threshold
  constexpr int kTrimFrom = 64 * 1024 * 1024;  // free memory kept at the top of the heap
  // A refusal (another allocator, a sanitizer's) leaves the defaults, which are correct, only slower.
  mallopt(M_MMAP_THRESHOLD, kMapFrom);
  mallopt(M_TRIM_THRESHOLD, kTrimFrom);
}

}  // namespace ferry

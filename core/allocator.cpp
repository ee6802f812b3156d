#include "core/allocator.h"

#include <malloc.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>

namespace ferry {
namespace {

constexpr std::uintptr_t kHugePage = 2 * 1024 * 1024;

// Marks the first `size` bytes of the heap's free top for transparent huge pages: allocated once, advised,
// and freed again, where the trim threshold keeps it. Where the system leaves huge pages to such advice
// (/sys/kernel/mm/transparent_hugepage/enabled "madvise", as here), the megabytes a run at R = 10,000
// reads into fresh memory (the memo, the kept requests, trees of 10,000 entries) are then faulted in 2 MiB
// at a time, not 4 KiB. Where huge pages are always or never used, the advice changes nothing.
void advise_huge_pages_at_the_top_of_the_heap(std::size_t size) {
  void* block = std::malloc(size);
  if (block == nullptr) return;
  const auto at = reinterpret_cast<std::uintptr_t>(block);
  const std::uintptr_t begin = (at + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t end = (at + size) & ~(kHugePage - 1);
  if (end > begin) (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
  std::free(block);
}

}  // namespace

void tune_allocator_for_large_buffers() {
  constexpr int kMapFrom = 32 * 1024 * 1024;   // glibc's own ceiling for its moving threshold
  constexpr int kTrimFrom = 64 * 1024 * 1024;  // free memory kept at the top of the heap
  // A refusal (another allocator, a sanitizer's) leaves the defaults, which are correct, only slower.
  mallopt(M_MMAP_THRESHOLD, kMapFrom);
  mallopt(M_TRIM_THRESHOLD, kTrimFrom);
  advise_huge_pages_at_the_top_of_the_heap(24 * 1024 * 1024);
}

}  // namespace ferry

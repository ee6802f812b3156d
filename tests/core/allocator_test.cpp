#include "core/allocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

// The VmFlags line of the mapping of this process that holds `address`, from /proc/self/smaps; "" when
// none does.
std::string vm_flags_of(const void* address) {
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    std::uintptr_t begin = 0, end = 0;
    char dash = 0;
    if (std::istringstream range(line); range >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= at && at < end;
    } else if (inside && line.starts_with("VmFlags:")) {
      return line;
    }
  }
  return "";
}

std::string huge_page_setting() {
  std::ifstream setting("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string text;
  std::getline(setting, text);
  return text;
}

// The buffers a run reads megabytes into come from the top of the heap, which is advised for huge pages
// ("hg" in the mapping's flags), so that they are faulted in 2 MiB at a time where the system leaves huge
// pages to advice.
TEST(AllocatorTest, TheTopOfTheHeapIsAdvisedForHugePages) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer's allocator has no heap of glibc's";
#endif
  if (huge_page_setting().find("[never]") != std::string::npos) GTEST_SKIP() << "huge pages are off here";
  ferry::tune_allocator_for_large_buffers();
  void* buffer = std::malloc(4 * 1024 * 1024);
  ASSERT_NE(buffer, nullptr);
  const std::string flags = vm_flags_of(static_cast<char*>(buffer) + 3 * 1024 * 1024);
  std::free(buffer);
  EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
}

}  // namespace

// Fuzz target: the platform loader (platform/loader.cpp) on one platform file held in memory: every kind's
// parser (Promise, Destination, GitStateStore, the scheduling kinds), requests checked against their
// Promise's schema, and the cross-checks of platform/validation.h. Nothing is read from or written to disk.
#include "platform/loader.h"
#include "platform/platform.h"
#include "tests/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<ferry::runner::PlatformFile> files = {
      {"platform.yaml", ferry::fuzz::as_text(data, size)}};
  const ferry::runner::LoadResult result = ferry::runner::load_platform_files("/fuzz-platform", files);
  for (const ferry::Error& error : result.errors) (void)error.render();
  for (const ferry::Error& warning : result.warnings) (void)warning.render();
  return 0;
}

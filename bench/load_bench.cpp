// Scenario 2's yardstick: the time to load and validate a platform directory (runner::load_platform,
// which also cross-checks references), with no container, store or scheduler touched.
//   ferry_bench_load PLATFORM_DIR [REPETITIONS]
// Prints {"requests":N,"seconds":[S1,...]} (one figure per repetition); exit 1 when the platform has errors.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "core/allocator.h"
#include "platform/loader.h"
#include "platform/platform.h"

int main(int argc, char** argv) {
  ferry::tune_allocator_for_large_buffers();  // as ferry's main() does
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: ferry_bench_load PLATFORM_DIR [REPETITIONS]\n";
    return 1;
  }
  const int repetitions = argc == 3 ? std::stoi(argv[2]) : 3;
  std::size_t requests = 0;
  std::string seconds;
  for (int i = 0; i < repetitions; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const ferry::runner::LoadResult loaded = ferry::runner::load_platform(argv[1]);
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (!loaded.errors.empty()) {
      std::cerr << loaded.errors.front().message << "\n";
      return 1;
    }
    requests = loaded.platform.requests.size();
    seconds += (i ? "," : "") + std::to_string(elapsed.count());
  }
  std::printf("{\"requests\":%zu,\"seconds\":[%s]}\n", requests, seconds.c_str());
  return 0;
}

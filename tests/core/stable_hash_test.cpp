#include "core/stable_hash.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace ferry {
namespace {

TEST(StableHash, IsPinnedSoEveryMachineAgrees) {
  // Pinned values: changing the function would move every resource placement, so it must be deliberate.
  // Values computed independently (a Python transcription of FNV-1a 64 + splitmix64).
  EXPECT_EQ(stable_hash(""), 0xf52a15e9a9b5e89bULL);
  EXPECT_EQ(stable_hash("default/redis-a"), 0x32daf29c47604ef3ULL);
}

TEST(StableHash, SpreadsNearbyKeys) {
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 1000; ++i) seen.insert(stable_hash("req-" + std::to_string(i)) % 1024);
  EXPECT_GT(seen.size(), 550u);  // ~630 expected for a uniform hash into 1024 buckets
}

}  // namespace
}  // namespace ferry

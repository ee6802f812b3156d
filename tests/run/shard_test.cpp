// --shard I/N (run/shard.h): the split is total, disjoint, stable and roughly even; bad values are
// refused with the exact message.
#include "run/shard.h"

#include <gtest/gtest.h>

#include <string>

namespace ferry::runner {
namespace {

TEST(ShardTest, ParsesIOfN) {
  auto shard = parse_shard("2/4");
  ASSERT_TRUE(shard) << shard.error().message;
  EXPECT_EQ(shard->index, 2);
  EXPECT_EQ(shard->count, 4);
}

TEST(ShardTest, RefusesWhatIsNotIOfNWithTheExactMessage) {
  for (const std::string bad : {"0/4", "5/4", "2", "a/b", "2/4x", "-1/4", "1/0", "1/10001", ""}) {
    auto shard = parse_shard(bad);
    ASSERT_FALSE(shard) << bad;
    EXPECT_EQ(shard.error().message,
              "--shard \"" + bad +
                  "\": expected I/N with 1 <= I <= N <= 10000, e.g. --shard 2/4 for the "
                  "second of four jobs");
  }
}

TEST(ShardTest, EveryRequestBelongsToExactlyOneShardAndTheSplitIsRoughlyEven) {
  constexpr int kShards = 4;
  constexpr int kRequests = 4000;
  int per_shard[kShards] = {};
  for (int r = 0; r < kRequests; ++r) {
    int owners = 0;
    for (int i = 1; i <= kShards; ++i) {
      if (Shard{i, kShards}.takes_request("team-" + std::to_string(r % 7), "request-" + std::to_string(r))) {
        ++owners;
        ++per_shard[i - 1];
      }
    }
    EXPECT_EQ(owners, 1) << r;
  }
  for (int count : per_shard) {
    EXPECT_GT(count, kRequests / kShards * 9 / 10);
    EXPECT_LT(count, kRequests / kShards * 11 / 10);
  }
}

// The split must not change between ferry versions or machines, or a CI matrix would hand a request to two
// jobs during an upgrade: these owners are pinned.
TEST(ShardTest, TheSplitIsPinned) {
  auto owner = [](const std::string& ns, const std::string& name) {
    for (int i = 1; i <= 3; ++i) {
      if (Shard{i, 3}.takes_request(ns, name)) return i;
    }
    return 0;
  };
  EXPECT_EQ(std::to_string(owner("default", "cache-a")) + std::to_string(owner("team-b", "cache-b")) +
                std::to_string(owner("default", "shop")) + std::to_string(owner("team-b", "blog")),
            "3113");
}

TEST(ShardTest, PromisesAreDeletedByTheFirstShardOnly) {
  EXPECT_TRUE((Shard{1, 3}.takes_deletion("Promise", "", "redis")));
  EXPECT_FALSE((Shard{2, 3}.takes_deletion("Promise", "", "redis")));
  EXPECT_FALSE((Shard{3, 3}.takes_deletion("Promise", "", "redis")));
}

TEST(ShardTest, ARequestIsDeletedByItsOwnShard) {
  for (int i = 1; i <= 3; ++i) {
    const Shard shard{i, 3};
    EXPECT_EQ(shard.takes_deletion("redis", "default", "cache-a"), shard.takes_request("default", "cache-a"));
  }
}

TEST(ShardTest, OneShardTakesEverything) {
  EXPECT_TRUE((Shard{}.takes_request("any", "thing")));
  EXPECT_TRUE((Shard{}.takes_deletion("Promise", "", "p")));
}

}  // namespace
}  // namespace ferry::runner

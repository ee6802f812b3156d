// Records rebuilt from what the Destinations hold (run/recovery.h): which objects get one, and what the
// rebuilt record names.
#include "run/recovery.h"

#include <gtest/gtest.h>

namespace ferry::runner {
namespace {

class RecoveryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    platform.root = "/platform";
    GitStateStore clusters;
    clusters.name = "clusters";
    platform.stores.push_back(clusters);
    pipeline::Promise redis;
    redis.name = "redis";
    redis.api = pipeline::ApiRef{"example.com", "v1", "Redis", "redis"};
    platform.promises.push_back(redis);
    platform.requests.push_back({"redis", "example.com/v1", "Redis", "kept", "default", ""});
  }
  void add(const std::string& path) { index.add_path(platform, platform.stores[0], path); }

  Platform platform;
  PlacementIndex index;
  const std::map<std::string, std::string> read{{"clusters", "the records hold no tip of its branch"}};
};

TEST_F(RecoveryTest, ABundleOfAnObjectNeitherRecordedNorDeclaredGetsARecordWithoutItsObject) {
  add("dev/resources/default/redis/kept/instance-configure/5058f/redis.yaml");
  add("dev/resources/default/redis/gone/instance-configure/5058f/redis.yaml");
  add("dev/resources/default/redis/gone/instance-configure/5058f/more.yaml");
  add("dev/dependencies/redis/5058f/static/deps.yaml");
  add("dev/dependencies/old-promise/promise-configure/89948/x.yaml");
  add("dev/dependencies/kratix-canary-namespace.yaml");
  add("dev/README.md");
  const Recovery recovery = recover_records(platform, {}, index, read);
  ASSERT_EQ(recovery.records.size(), 2u);
  const ObjectRecord& request = recovery.records[0];
  EXPECT_EQ(request.directory(), "requests/redis/default/gone");
  EXPECT_EQ(request.kind, "Redis");
  EXPECT_EQ(request.object_yaml, "");
  ASSERT_EQ(request.placements.size(), 1u);
  EXPECT_EQ(request.placements[0].path, "dev/resources/default/redis/gone/instance-configure/5058f");
  EXPECT_EQ(request.commits.at(0).store, "clusters");
  const ObjectRecord& promise = recovery.records[1];
  EXPECT_EQ(promise.directory(), "promises/old-promise");
  EXPECT_EQ(promise.placements.at(0).path, "dev/dependencies/old-promise");
  EXPECT_EQ(
      recovery.notes,
      std::vector<std::string>{"GitStateStore clusters read to rebuild lost records (the records hold no tip "
                               "of its branch): 1 request bundle(s) and 1 Promise dependency "
                               "directory(ies) of objects gone from the platform, deleted in this run"});
}

TEST_F(RecoveryTest, WhatTheRecordsHoldIsNotRebuiltAndAStoreNotReadIsLeftAlone) {
  add("dev/resources/default/redis/recorded/instance-configure/5058f/redis.yaml");
  RunState records;
  ObjectRecord recorded{"Redis", "recorded", "default", "redis"};
  records.emplace(recorded.directory(), recorded);
  EXPECT_TRUE(recover_records(platform, records, index, read).records.empty());
  add("dev/resources/default/redis/gone/instance-configure/5058f/redis.yaml");
  const Recovery unread = recover_records(platform, records, index, {});
  EXPECT_TRUE(unread.records.empty());
  EXPECT_TRUE(unread.notes.empty());
}

TEST_F(RecoveryTest, ARequestOfAPromiseNoLongerDeclaredHasAnUnknownKind) {
  add("dev/resources/team-b/old/x/pipe/5058f/a.yaml");
  const Recovery recovery = recover_records(platform, {}, index, read);
  ASSERT_EQ(recovery.records.size(), 1u);
  EXPECT_EQ(recovery.records[0].kind, "unknown kind");
  EXPECT_EQ(recovery.records[0].promise, "old");
}

}  // namespace
}  // namespace ferry::runner

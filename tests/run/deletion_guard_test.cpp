// The deletion guard (run/deletion_guard.h): which runs it stops, and the message that says what they
// would delete and how to allow it.
#include "run/deletion_guard.h"

#include <gtest/gtest.h>

#include <string>

namespace ferry::runner {
namespace {

// A platform declaring `requests` requests named r0, r1, ... of Promise "redis", and that Promise.
Platform platform_with(std::size_t requests) {
  Platform platform;
  platform.root = "/platform";
  pipeline::Promise redis;
  redis.name = "redis";
  platform.promises.push_back(redis);
  for (std::size_t i = 0; i < requests; ++i)
    platform.requests.push_back({"redis", "example.com/v1", "Redis", "r" + std::to_string(i), "default", ""});
  return platform;
}

// The records of a run over platform_with(requests).
RunState recorded(std::size_t requests) {
  RunState state;
  ObjectRecord promise{"Promise", "redis", "", "redis"};
  state.emplace(promise.directory(), promise);
  for (std::size_t i = 0; i < requests; ++i) {
    ObjectRecord request{"Redis", "r" + std::to_string(i), "default", "redis"};
    state.emplace(request.directory(), request);
  }
  return state;
}

std::string refusal(const Platform& platform, const RunState& state, std::optional<std::size_t> max = {}) {
  const Status checked = check_deletions(platform, state, max);
  return checked ? "" : checked.error().render();
}

TEST(DeletionGuard, DeletingOneRequestOrTheOnlyOneIsAsEasyAsBefore) {
  EXPECT_EQ(refusal(platform_with(4), recorded(5)), "");
  EXPECT_EQ(refusal(platform_with(0), recorded(1)), "");  // the Promise stays
  EXPECT_EQ(refusal(platform_with(3), recorded(3)), "");  // nothing vanished
}

TEST(DeletionGuard, AnEmptiedPlatformIsRefusedNamingWhatWouldGoAndHowToAllowIt) {
  Platform empty;
  empty.root = "/platform";
  EXPECT_EQ(
      refusal(empty, recorded(2)),
      "this run would delete 3 objects and stopped before running anything: every Promise and request the "
      "recorded state holds is gone from the platform (/platform): is that the right platform path?\n"
      "To delete them, run again with --max-deletions 3.\n"
      "It would delete:\n"
      "  request default/r0 (Redis, Promise redis)\n"
      "  request default/r1 (Redis, Promise redis)\n"
      "  Promise redis");
}

TEST(DeletionGuard, EveryRequestGoneWhileItsPromiseStaysIsRefused) {
  const std::string message = refusal(platform_with(0), recorded(2));
  EXPECT_TRUE(
      message.starts_with("this run would delete 2 objects and stopped before running anything: every "
                          "request the recorded state holds is gone from the platform (/platform)"))
      << message;
}

TEST(DeletionGuard, MoreThanTenIsRefusedByDefaultAndALongListIsCut) {
  EXPECT_EQ(refusal(platform_with(20), recorded(30)), "");  // 10 vanish
  const std::string message = refusal(platform_with(5), recorded(30));
  EXPECT_TRUE(
      message.starts_with("this run would delete 25 objects and stopped before running anything: that is "
                          "more than 10, the most one run deletes by default\n"
                          "To delete them, run again with --max-deletions 25.\n"))
      << message;
  EXPECT_TRUE(message.ends_with("\n  and 5 more")) << message;
}

TEST(DeletionGuard, MaxDeletionsReplacesBothDefaultRules) {
  Platform empty;
  EXPECT_EQ(refusal(empty, recorded(30), 31), "");
  EXPECT_EQ(refusal(platform_with(0), recorded(2), 2), "");
  const std::string message = refusal(platform_with(4), recorded(5), 0);
  EXPECT_TRUE(
      message.starts_with("this run would delete 1 object and stopped before running anything: that is "
                          "more than --max-deletions 0 allows\n"))
      << message;
}

}  // namespace
}  // namespace ferry::runner

// Group selectors by Kratix precedence (reference §3.1) as the runner builds them from outputs.
#include "run/request_plan.h"

#include <gtest/gtest.h>

namespace ferry::runner {
namespace {

pipeline::OutputGroup group(std::string directory, std::optional<Labels> selector) {
  return pipeline::OutputGroup{directory, "", std::move(selector), {}};
}

TEST(GroupSelector, DefaultGroupAddsPromiseSelectorsAndPromiseWins) {
  pipeline::Promise promise;
  promise.destination_selectors = {{{"env", "dev"}}};
  EXPECT_EQ(
      scheduler::to_string(group_selector(promise, group(".", Labels{{"env", "prod"}, {"region", "eu"}}))),
      "env=dev,region=eu");
  EXPECT_EQ(scheduler::to_string(group_selector(promise, group(".", std::nullopt))), "env=dev");
}

TEST(GroupSelector, DirectoryGroupUsesOnlyItsOwnEntry) {
  pipeline::Promise promise;
  promise.destination_selectors = {{{"promise", "label"}}};
  EXPECT_EQ(
      scheduler::to_string(group_selector(promise, group("scheduled-dir", Labels{{"workflow", "subdir"}}))),
      "workflow=subdir");
}

}  // namespace
}  // namespace ferry::runner

namespace ferry::runner {
namespace {

// Seed 000: clusterSelector and cluster-selectors.yaml are AND-ed with no overwrite of keys.
TEST(GroupSelector, OlderApiMergesWithoutOverwriting) {
  pipeline::Promise promise;
  promise.cluster_selector = Labels{{"env", "dev"}};
  const auto conflicting = group_selector(promise, group(".", std::nullopt), Labels{{"env", "prod"}});
  EXPECT_EQ(scheduler::to_string(conflicting), "env=dev,env=prod");
  EXPECT_FALSE(scheduler::matches(conflicting, {{"env", "dev"}}));
  const auto added = group_selector(promise, group(".", std::nullopt), Labels{{"zone", "eu"}});
  EXPECT_TRUE(scheduler::matches(added, {{"env", "dev"}, {"zone", "eu"}}));
  // Directory groups use only their own entry, whatever the API.
  EXPECT_EQ(scheduler::to_string(group_selector(promise, group("d", Labels{{"a", "b"}}), Labels{{"x", "y"}})),
            "a=b");
}

}  // namespace
}  // namespace ferry::runner

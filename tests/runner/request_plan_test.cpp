// Group selectors by Kratix precedence (reference §3.1) as the runner builds them from outputs.
#include "runner/request_plan.h"

#include <gtest/gtest.h>

namespace ferry::runner {
namespace {

pipeline::OutputGroup group(std::string directory, std::optional<Labels> selector) {
  return pipeline::OutputGroup{directory, "", std::move(selector), {}};
}

TEST(GroupSelector, DefaultGroupAddsPromiseSelectorsAndPromiseWins) {
  pipeline::Promise promise;
  promise.destination_selectors = {{{"env", "dev"}}};
  EXPECT_EQ(scheduler::to_string(group_selector(promise, group(".", Labels{{"env", "prod"}, {"region", "eu"}}))),
            "env=dev,region=eu");
  EXPECT_EQ(scheduler::to_string(group_selector(promise, group(".", std::nullopt))), "env=dev");
}

TEST(GroupSelector, DirectoryGroupUsesOnlyItsOwnEntry) {
  pipeline::Promise promise;
  promise.destination_selectors = {{{"promise", "label"}}};
  EXPECT_EQ(scheduler::to_string(group_selector(promise, group("scheduled-dir", Labels{{"workflow", "subdir"}}))),
            "workflow=subdir");
}

}  // namespace
}  // namespace ferry::runner

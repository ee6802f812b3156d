// Kratix's selector precedence (reference §3.1, seed 001 "Default scheduling").
#include <gtest/gtest.h>

#include "scheduler/selector.h"

namespace ferry::scheduler {
namespace {

TEST(Precedence, PromiseAndWorkflowSelectorsAreAndedForTheDefaultGroup) {
  const Selector s = resolve_kratix({{{{"workflow", "another-label"}}, SelectorSource::resource_workflow},
                                     {{{"promise", "label"}}, SelectorSource::promise}});
  EXPECT_EQ(to_string(s), "promise=label,workflow=another-label");
}

TEST(Precedence, PromiseWinsOverPromiseWorkflowWhichWinsOverResourceWorkflow) {
  const Selector s = resolve_kratix({{{{"env", "prod"}, {"region", "eu"}}, SelectorSource::resource_workflow},
                                     {{{"env", "dev"}}, SelectorSource::promise}});
  EXPECT_EQ(to_string(s), "env=dev,region=eu");
  const Selector t = resolve_kratix({{{{"env", "promise"}}, SelectorSource::promise},
                                     {{{"env", "pwf"}, {"tier", "1"}}, SelectorSource::promise_workflow},
                                     {{{"env", "rwf"}, {"tier", "2"}}, SelectorSource::resource_workflow}});
  EXPECT_EQ(to_string(t), "env=promise,tier=1");
}

TEST(Precedence, SeveralEntriesOfOneSourceAreSquashedFirstWins) {
  EXPECT_EQ(squash({{{"env", "dev"}}, {{"env", "prod"}, {"zone", "eu"}}}),
            (Labels{{"env", "dev"}, {"zone", "eu"}}));
  const Selector s = resolve_kratix({{{{"env", "dev"}}, SelectorSource::promise},
                                     {{{"env", "prod"}, {"zone", "eu"}}, SelectorSource::promise}});
  EXPECT_EQ(to_string(s), "env=dev,zone=eu");
}

TEST(Precedence, NoTermsIsTheEmptySelectorWhichMatchesEverything) {
  EXPECT_TRUE(resolve_kratix({}).empty());
  EXPECT_TRUE(matches({}, {}));
  EXPECT_EQ(to_string(Selector{}), "<empty>");
}

}  // namespace
}  // namespace ferry::scheduler

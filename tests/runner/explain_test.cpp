// `ferry explain` text and JSON, pinned.
#include "runner/explain.h"

#include <gtest/gtest.h>

namespace ferry::runner {
namespace {

scheduler::Destination dest(std::string name, Labels labels, bool strict = false) {
  return scheduler::Destination{name, std::move(labels), strict, name, "GitStateStore", "s", {}};
}

GroupDecision decided(scheduler::Selector selector, std::optional<std::string> current) {
  const std::vector<scheduler::Destination> all = {dest("dev-a", {{"env", "dev"}}), dest("prod", {{"env", "prod"}}),
                                                   dest("bare", {})};
  scheduler::GroupToPlace g;
  g.key = "team-a/cache/configure/5058f1af8388633f609cadb75a75dc9d";
  g.selector = selector;
  g.current = current;
  return GroupDecision{"configure", ".", "5058f1af8388633f609cadb75a75dc9d", current, selector,
                       scheduler::decide(g, all), g.cardinality};
}

TEST(Explain, TextListsEveryDestinationTermAndTheChoice) {
  const Explanation e{"request team-a/cache (redis, Promise redis)", {decided({{"env", "dev"}}, std::nullopt)}};
  EXPECT_EQ(render_explanation_text(e),
            "request team-a/cache (redis, Promise redis)\n"
            "  pipeline configure, group . (5058f), selector env=dev\n"
            "    dev-a  takes it: met env=dev\n"
            "    prod   refused: failed env=dev (has env=prod)\n"
            "    bare   refused: failed env=dev (no env label)\n"
            "    => goes to dev-a (highest score among those that take it)\n");
}

TEST(Explain, ChoiceSaysWhyForEveryKindOfDecision) {
  EXPECT_EQ(describe_choice(decided({{"env", "dev"}}, "dev-a")),
            "stays on dev-a (already placed there, still matches)");
  EXPECT_EQ(describe_choice(decided({{"env", "dev"}}, "prod")),
            "stays on prod, misplaced: Destination prod no longer matches env=dev");
  EXPECT_EQ(describe_choice(decided({{"env", "test"}}, std::nullopt)),
            "pending: no Destination matches env=test (3 Destinations checked)");
}

TEST(Explain, JsonCarriesTheSameFacts) {
  const std::string json =
      render_explanation_json({"request team-a/cache", {decided({{"env", "dev"}}, std::nullopt)}});
  EXPECT_NE(json.find("\"format_version\": 1"), std::string::npos);
  EXPECT_NE(json.find("\"chosen\": [\n        \"dev-a\"\n      ]"), std::string::npos) << json;
  EXPECT_NE(json.find("\"actual\": \"prod\""), std::string::npos);
  EXPECT_NE(json.find("\"actual\": null"), std::string::npos);
}

}  // namespace
}  // namespace ferry::runner

// `ferry explain` text and JSON, pinned.
#include "runner/explain.h"

#include <gtest/gtest.h>

#include "runner/explain_command.h"

namespace ferry::runner {
namespace {

scheduler::Destination dest(std::string name, Labels labels, bool strict = false) {
  return scheduler::Destination{name, std::move(labels), strict, name, "GitStateStore", "s", {}};
}

GroupDecision decided(scheduler::Selector selector, std::optional<std::string> current) {
  const std::vector<scheduler::Destination> all = {dest("dev-a", {{"env", "dev"}}),
                                                   dest("prod", {{"env", "prod"}}), dest("bare", {})};
  scheduler::GroupToPlace g;
  g.key = "team-a/cache/configure/5058f1af8388633f609cadb75a75dc9d";
  g.selector = selector;
  g.current = current;
  return GroupDecision{"configure",  ".",      "5058f1af8388633f609cadb75a75dc9d",
                       current,      selector, scheduler::decide(g, all),
                       g.cardinality};
}

TEST(Explain, TextListsEveryDestinationTermAndTheChoice) {
  const Explanation e{"request team-a/cache (redis, Promise redis)",
                      {decided({{"env", "dev"}}, std::nullopt)}};
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

// Several KCP Placements govern the request: each one's decision, then the group's union and the notes
// that are no one Placement's own.
TEST(Explain, SeveralPlacementsShowEachOnesChoice) {
  GroupDecision group = decided({{"env", "dev"}}, std::nullopt);
  GroupDecision aws = group;
  aws.policy = "aws";
  aws.decision.verdicts.resize(1);  // dev-a alone, to keep the text short
  aws.notes = {"placement Bound, Location aws, Destination dev-a"};
  GroupDecision gce = aws;
  gce.policy = "gce";
  gce.decision.placement = scheduler::Placement{};
  gce.decision.placement.pending_reason = "Pending: PlacementPolicy gce condition Ready False: no Location";
  gce.notes = {"placement Pending, Ready False: no Location"};
  group.policy = "aws, gce";
  group.shares = {aws, gce};
  group.notes = {"PlacementPolicy aws: placement Bound, Location aws, Destination dev-a",
                 "PlacementPolicy gce: placement Pending, Ready False: no Location",
                 "removed from Destination prod: PlacementPolicy old was deleted"};
  const Explanation e{"request team-a/cache (redis, Promise redis)", {group}};
  EXPECT_EQ(render_explanation_text(e),
            "request team-a/cache (redis, Promise redis)\n"
            "  pipeline configure, group . (5058f), selector env=dev\n"
            "    PlacementPolicies aws, gce: one Destination in each one's Location\n"
            "    PlacementPolicy aws\n"
            "    note: placement Bound, Location aws, Destination dev-a\n"
            "    dev-a  selector: met env=dev\n"
            "           eligible\n"
            "    => goes to dev-a (PlacementPolicy aws)\n"
            "    PlacementPolicy gce\n"
            "    note: placement Pending, Ready False: no Location\n"
            "    dev-a  selector: met env=dev\n"
            "           eligible\n"
            "    => pending: Pending: PlacementPolicy gce condition Ready False: no Location\n"
            "    note: removed from Destination prod: PlacementPolicy old was deleted\n"
            "    => goes to dev-a (PlacementPolicies aws, gce)\n");
  const std::string json = render_explanation_json(e);
  EXPECT_NE(json.find("\"placements\": ["), std::string::npos) << json;
  EXPECT_NE(json.find("\"policy\": \"gce\""), std::string::npos) << json;
}

// Two requests of different kinds with one name: NAMESPACE/NAME is ambiguous and says so; KIND/NAMESPACE/NAME
// picks one.
TEST(Explain, KindNamespaceNameTellsApartTwoKindsWithOneName) {
  Platform platform;
  for (const char* kind : {"redis", "postgres"}) {
    pipeline::Request request;
    request.kind = kind;
    request.namespace_ = "shop";
    request.name = "orders";
    platform.requests.push_back(request);
  }
  pipeline::Request other;
  other.kind = "redis";
  other.namespace_ = "shop";
  other.name = "cache";
  platform.requests.push_back(other);
  auto postgres = request_named(platform, "postgres/shop/orders");
  ASSERT_TRUE(postgres.ok()) << postgres.error().render();
  EXPECT_EQ((*postgres)->kind, "postgres");
  auto cache = request_named(platform, "shop/cache");
  ASSERT_TRUE(cache.ok());
  EXPECT_EQ((*cache)->name, "cache");
  EXPECT_EQ(request_named(platform, "shop/orders").error().render(),
            "shop/orders names 2 requests of different kinds; give one as KIND/NAMESPACE/NAME: "
            "redis/shop/orders, postgres/shop/orders");
  EXPECT_EQ(
      request_named(platform, "mysql/shop/orders").error().render(),
      "no request mysql/shop/orders in the platform (give it as NAMESPACE/NAME, or KIND/NAMESPACE/NAME)");
}

}  // namespace
}  // namespace ferry::runner

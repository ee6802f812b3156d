// request_changes and request_removals (writer/request_change.h): a request's placement decisions in, the
// paths, records, files and commit metadata of each store's Change out, for every filepath mode.
#include "writer/request_change.h"

#include <gtest/gtest.h>

#include "core/md5.h"

namespace ferry::writer {
namespace request_change_test {

const std::string kGroup = md5_hex(".");  // "5058f1af8388633f609cadb75a75dc9d"
const std::map<std::string, std::string> kFiles = {{"deployment.yaml", "kind: Deployment\n"},
                                                   {"sub/service.yaml", "kind: Service\n"}};

StoreDestination nested(const std::string& name, const std::string& store = "main") {
  return {store, {name, {FilepathMode::none, "state", name, ""}, FilepathMode::nested_by_metadata}};
}

StoreDestination flat(const std::string& name, FilepathMode mode, const std::string& aggregate = "") {
  return {"main", {name, {FilepathMode::none, "state", name, aggregate}, mode}};
}

RequestWrites writes_to(std::vector<StoreDestination> declared, std::vector<StoreDestination> chosen) {
  RequestWrites writes{{"team-a", "redis", "cache"},
                       std::move(declared),
                       {},
                       {},
                       "Update from: team-a/cache\n",
                       {{"main", Author{"Ops", "ops@example.com"}}}};
  writes.groups.push_back({"instance-configure", kGroup, kFiles, std::move(chosen)});
  return writes;
}

TEST(RequestChanges, NestedDestinationClearsTheRequestDirectoryAndWritesTheBundle) {
  const RequestChanges out = request_changes(writes_to({nested("worker-1")}, {nested("worker-1")}));
  ASSERT_EQ(out.by_store.size(), 1u);
  const Change& change = out.by_store.at("main");
  EXPECT_EQ(change.message, "Update from: team-a/cache\n");
  EXPECT_EQ(change.author.name, "Ops");
  EXPECT_EQ(change.author.email, "ops@example.com");
  EXPECT_EQ(change.removed_directories,
            std::vector<std::string>{"state/worker-1/resources/team-a/redis/cache"});
  ASSERT_EQ(change.bundles.size(), 1u);
  EXPECT_EQ(change.bundles[0].directory,
            "state/worker-1/resources/team-a/redis/cache/instance-configure/5058f");
  EXPECT_EQ(change.bundles[0].files, kFiles);
  EXPECT_TRUE(change.flat_removals.empty());
  EXPECT_TRUE(change.flat_placements.empty());
  ASSERT_EQ(out.directories.size(), 1u);
  EXPECT_EQ(out.directories[0],
            std::vector<std::string>{"state/worker-1/resources/team-a/redis/cache/instance-configure/5058f"});
}

TEST(RequestChanges, ModeNoneRemovesTheOwnersRecordsAndPlacesARecordNamedAsKratix) {
  const StoreDestination none = flat("edge", FilepathMode::none);
  const RequestChanges out = request_changes(writes_to({none}, {none}));
  const Change& change = out.by_store.at("main");
  EXPECT_TRUE(change.removed_directories.empty());
  EXPECT_TRUE(change.bundles.empty());
  const FlatDestination expected{FilepathMode::none, "state", "edge", ""};
  ASSERT_EQ(change.flat_removals.size(), 1u);
  EXPECT_EQ(change.flat_removals[0].destination, expected);
  EXPECT_EQ(change.flat_removals[0].owner, "request team-a/redis/cache");
  ASSERT_EQ(change.flat_placements.size(), 1u);
  const FlatPlacement& placed = change.flat_placements[0];
  EXPECT_EQ(placed.destination, expected);
  EXPECT_EQ(placed.work_placement, "redis-cache-instance-configure.edge-5058f");
  EXPECT_EQ(placed.record, "team-a-redis-cache-instance-configure.edge-5058f");
  EXPECT_EQ(placed.owner, "request team-a/redis/cache");
  EXPECT_EQ(placed.files, kFiles);
  EXPECT_EQ(out.directories[0], std::vector<std::string>{"state/edge"});
}

TEST(RequestChanges, AggregatedYamlKeepsTheAggregateFileOnTheDestination) {
  const StoreDestination aggregated = flat("fleet", FilepathMode::aggregated_yaml, "all.yaml");
  const RequestChanges out = request_changes(writes_to({aggregated}, {aggregated}));
  const Change& change = out.by_store.at("main");
  const FlatDestination expected{FilepathMode::aggregated_yaml, "state", "fleet", "all.yaml"};
  ASSERT_EQ(change.flat_removals.size(), 1u);
  EXPECT_EQ(change.flat_removals[0].destination, expected);
  ASSERT_EQ(change.flat_placements.size(), 1u);
  EXPECT_EQ(change.flat_placements[0].destination, expected);
  EXPECT_EQ(change.flat_placements[0].record, "team-a-redis-cache-instance-configure.fleet-5058f");
  EXPECT_EQ(out.directories[0], std::vector<std::string>{"state/fleet"});
}

TEST(RequestChanges, AMovedBundleIsRemovedFromItsOldStoreAndWrittenInTheNewOne) {
  RequestWrites writes =
      writes_to({nested("old", "first"), nested("new", "second")}, {nested("new", "second")});
  writes.held.push_back({"first", "state/old"});
  writes.authors.emplace("second", Author{"Second", "second@example.com"});
  const RequestChanges out = request_changes(writes);
  ASSERT_EQ(out.by_store.size(), 2u);
  const Change& first = out.by_store.at("first");
  EXPECT_EQ(first.removed_directories, std::vector<std::string>{"state/old/resources/team-a/redis/cache"});
  EXPECT_TRUE(first.bundles.empty());
  EXPECT_EQ(first.author.name, "ferry");  // no author given for "first": the default
  const Change& second = out.by_store.at("second");
  EXPECT_EQ(second.removed_directories, std::vector<std::string>{"state/new/resources/team-a/redis/cache"});
  ASSERT_EQ(second.bundles.size(), 1u);
  EXPECT_EQ(second.bundles[0].directory, "state/new/resources/team-a/redis/cache/instance-configure/5058f");
  EXPECT_EQ(second.author.name, "Second");
  EXPECT_EQ(second.message, "Update from: team-a/cache\n");
}

TEST(RequestChanges, AKeptBundleWhoseDestinationIsGoneIsRewrittenWhereItIs) {
  StoreDestination kept{"main", {"state/gone", {}, FilepathMode::nested_by_metadata}};
  kept.layout.paths.destination_path = "state/gone";
  RequestWrites writes = writes_to({nested("worker-1")}, {kept});
  writes.held.push_back({"main", "state/gone"});
  const RequestChanges out = request_changes(writes);
  const Change& change = out.by_store.at("main");
  EXPECT_EQ(change.removed_directories,
            (std::vector<std::string>{"state/worker-1/resources/team-a/redis/cache",
                                      "state/gone/resources/team-a/redis/cache"}));
  ASSERT_EQ(change.bundles.size(), 1u);
  EXPECT_EQ(change.bundles[0].directory, "state/gone/resources/team-a/redis/cache/instance-configure/5058f");
  EXPECT_EQ(out.directories[0],
            std::vector<std::string>{"state/gone/resources/team-a/redis/cache/instance-configure/5058f"});
}

TEST(RequestChanges, ADirectoryHeldAndDeclaredIsClearedOnce) {
  RequestWrites writes = writes_to({nested("worker-1")}, {nested("worker-1")});
  writes.held.push_back({"main", "state/worker-1"});
  const RequestChanges out = request_changes(writes);
  const Change& change = out.by_store.at("main");
  EXPECT_EQ(change.removed_directories,
            std::vector<std::string>{"state/worker-1/resources/team-a/redis/cache"});
}

TEST(RequestChanges, AGroupOnTwoDestinationsReportsEachDirectoryInOrder) {
  RequestWrites writes =
      writes_to({nested("a"), flat("b", FilepathMode::none)}, {flat("b", FilepathMode::none), nested("a")});
  const RequestChanges out = request_changes(writes);
  EXPECT_EQ(
      out.directories[0],
      (std::vector<std::string>{"state/b", "state/a/resources/team-a/redis/cache/instance-configure/5058f"}));
}

TEST(RequestChanges, NoGroupsOnlyClears) {
  RequestWrites writes = writes_to({nested("worker-1")}, {});
  writes.groups.clear();
  const RequestChanges out = request_changes(writes);
  EXPECT_TRUE(out.directories.empty());
  EXPECT_TRUE(out.by_store.at("main").bundles.empty());
  EXPECT_EQ(out.by_store.at("main").removed_directories.size(), 1u);
}

TEST(RequestRemovals, RemovesHeldBundlesAndFlatRecordsButNotDeclaredNestedDirectories) {
  RequestWrites writes = writes_to({nested("worker-1"), flat("edge", FilepathMode::none)}, {});
  writes.message = "Delete from: team-a/cache\n";
  writes.held.push_back({"other", "state/worker-2"});
  const std::map<std::string, Change> removals = request_removals(writes);
  ASSERT_EQ(removals.size(), 2u);
  const Change& other = removals.at("other");
  EXPECT_EQ(other.removed_directories,
            std::vector<std::string>{"state/worker-2/resources/team-a/redis/cache"});
  EXPECT_EQ(other.message, "Delete from: team-a/cache\n");
  EXPECT_EQ(other.author.name, "ferry");
  const Change& main = removals.at("main");
  EXPECT_TRUE(main.removed_directories.empty());
  EXPECT_TRUE(main.bundles.empty());
  EXPECT_TRUE(main.flat_placements.empty());
  ASSERT_EQ(main.flat_removals.size(), 1u);
  EXPECT_EQ(main.flat_removals[0].owner, "request team-a/redis/cache");
  EXPECT_EQ(main.flat_removals[0].destination, (FlatDestination{FilepathMode::none, "state", "edge", ""}));
  EXPECT_EQ(main.author.name, "Ops");
}

}  // namespace request_change_test
}  // namespace ferry::writer

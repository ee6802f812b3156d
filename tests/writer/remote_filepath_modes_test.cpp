// Every filepath mode's add, change and delete through a real server (git daemon), and a single-file write
// (canary files), checked with the git CLI on the server's bare repository. The trees are built on the
// client from the fetched tip, the same for every transport; remote_transports_test covers the transports.
#include <gtest/gtest.h>

#include "tests/writer/remote_server_fixture.h"
#include "writer/remote_git_repo.h"

namespace ferry::writer::testing_remote {
namespace {

using ferry::testing::git;
using ModesOverGitDaemon = RemoteServerTest;

FlatPlacement flat_placement_of(const FlatDestination& destination, const std::string& owner,
                                std::map<std::string, std::string> files) {
  return {destination, "ns-" + owner + "-wp", owner + "-wp", owner, std::move(files)};
}

// One owner's write of a flat Destination: what it placed before goes, then `placements`.
Change flat_change_of(const FlatDestination& destination, const std::string& owner,
                      std::vector<FlatPlacement> placements) {
  Change change;
  change.message = "Update from: " + owner;
  change.flat_removals = {{destination, owner}};
  change.flat_placements = std::move(placements);
  return change;
}

void apply_and_expect_commit(StateStore& store, const Change& change, const std::filesystem::path& server) {
  auto outcome = store.apply(change);
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  ASSERT_TRUE(outcome->commit_sha.has_value());
  EXPECT_EQ(git(server, "rev-parse main"), *outcome->commit_sha);
}

TEST_F(ModesOverGitDaemon, NestedByMetadataAddsChangesAndDeletesADirectory) {
  const auto server = make_repo(Server::kGitDaemon);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  apply_and_expect_commit(*store, change_of({{"w1/app", {{"a.yaml", "A"}}}, {"w1/db", {{"d.yaml", "D"}}}}),
                          server);
  apply_and_expect_commit(*store, change_of({{"w1/app", {{"b.yaml", "B"}}}}), server);
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"), "w1/app/b.yaml\nw1/db/d.yaml");
  apply_and_expect_commit(*store, change_of({}, {"w1/app"}), server);
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"), "w1/db/d.yaml");
  EXPECT_EQ(git(server, "rev-list --count main"), "3");
}

TEST_F(ModesOverGitDaemon, NoneKeepsARecordAndRemovesWhatAPlacementNoLongerWrites) {
  const auto server = make_repo(Server::kGitDaemon);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  const FlatDestination none{FilepathMode::none, "state", "w1", "aggregated.yaml"};
  apply_and_expect_commit(
      *store, flat_change_of(none, "a", {flat_placement_of(none, "a", {{"x.yaml", "X"}, {"y.yaml", "Y"}})}),
      server);
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"),
            "state/w1/.kratix/ns-a-wp.yaml\nstate/w1/x.yaml\nstate/w1/y.yaml");
  apply_and_expect_commit(
      *store, flat_change_of(none, "a", {flat_placement_of(none, "a", {{"x.yaml", "X2"}})}), server);
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"), "state/w1/.kratix/ns-a-wp.yaml\nstate/w1/x.yaml");
  EXPECT_EQ(git(server, "cat-file -p main:state/w1/x.yaml"), "X2");
  apply_and_expect_commit(*store, flat_change_of(none, "a", {}), server);
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"), "");
}

TEST_F(ModesOverGitDaemon, AggregatedYamlIsRebuiltFromEveryPlacementAndGoesWithTheLast) {
  const auto server = make_repo(Server::kGitDaemon);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  const FlatDestination aggregated{FilepathMode::aggregated_yaml, "", "w1", "all.yaml"};
  apply_and_expect_commit(
      *store, flat_change_of(aggregated, "b", {flat_placement_of(aggregated, "b", {{"b.yaml", "kind: B"}})}),
      server);
  apply_and_expect_commit(
      *store, flat_change_of(aggregated, "a", {flat_placement_of(aggregated, "a", {{"a.yaml", "kind: A"}})}),
      server);
  EXPECT_EQ(git(server, "cat-file -p main:w1/all.yaml"), "kind: A\n---\nkind: B");
  apply_and_expect_commit(
      *store, flat_change_of(aggregated, "a", {flat_placement_of(aggregated, "a", {{"a.yaml", "kind: A2"}})}),
      server);
  EXPECT_EQ(git(server, "cat-file -p main:w1/all.yaml"), "kind: A2\n---\nkind: B");
  apply_and_expect_commit(*store, flat_change_of(aggregated, "b", {}), server);
  EXPECT_EQ(git(server, "cat-file -p main:w1/all.yaml"), "kind: A2");
  apply_and_expect_commit(*store, flat_change_of(aggregated, "a", {}), server);
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"), "");
  EXPECT_EQ(git(server, "fsck --strict --no-progress"), "");
}

TEST_F(ModesOverGitDaemon, SingleFilesAreWrittenBesideDirectoriesAndDeleted) {
  const auto server = make_repo(Server::kGitDaemon);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  apply_and_expect_commit(*store, change_of({{"w1/resources/ns/app", {{"a.yaml", "A"}}}}), server);
  Change canary;
  canary.message = "Update from: kratix-canary";
  canary.files = {{"w1/resources/kratix-canary-configmap.yaml", "C"}};
  apply_and_expect_commit(*store, canary, server);
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"),
            "w1/resources/kratix-canary-configmap.yaml\nw1/resources/ns/app/a.yaml");
  canary.files = {{"w1/resources/kratix-canary-configmap.yaml", std::nullopt}};
  apply_and_expect_commit(*store, canary, server);
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"), "w1/resources/ns/app/a.yaml");
}

}  // namespace
}  // namespace ferry::writer::testing_remote

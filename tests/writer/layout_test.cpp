#include "writer/layout.h"

#include <gtest/gtest.h>

#include "core/md5.h"

namespace ferry::writer {
namespace {

ResourceBundlePath example() {
  return ResourceBundlePath{.store_path = "state",
                            .destination_path = "worker-1",
                            .namespace_ = "default",
                            .promise = "redis",
                            .request = "my-redis",
                            .pipeline = "instance-configure",
                            .group_id = md5_hex(".")};
}

TEST(JoinPath, JoinsSegmentsWithSlashes) {
  EXPECT_EQ(join_path({"a", "b", "c"}), "a/b/c");
}

TEST(JoinPath, DropsEmptyAndDotSegmentsAndOuterSlashes) {
  EXPECT_EQ(join_path({"", "a", ".", "b"}), "a/b");
  EXPECT_EQ(join_path({"/", "a/", "/b/"}), "a/b");
  EXPECT_EQ(join_path({"./a", "b/."}), "a/b");
  EXPECT_EQ(join_path({"a//b"}), "a/b");
}

TEST(JoinPath, NothingLeftIsEmpty) {
  EXPECT_EQ(join_path({}), "");
  EXPECT_EQ(join_path({"", ".", "/", "//"}), "");
}

TEST(JoinPath, KeepsDotDotForTheWriterToRefuse) {
  EXPECT_EQ(join_path({"a", "..", "b"}), "a/../b");
}

TEST(ResourceBundleDir, IsTheKratixNestedByMetadataLayout) {
  EXPECT_EQ(resource_bundle_dir(example()),
            "state/worker-1/resources/default/redis/my-redis/instance-configure/5058f");
}

TEST(ResourceBundleDir, DefaultGroupIs5058f) {
  auto p = example();
  p.group_id = "5058f1af8388633f609cadb75a75dc9d";
  EXPECT_EQ(resource_bundle_dir(p),
            "state/worker-1/resources/default/redis/my-redis/instance-configure/5058f");
}

TEST(ResourceBundleDir, DirectoryGroupUsesFirstFiveCharactersOfItsMd5) {
  auto p = example();
  p.group_id = md5_hex("foo");  // acbd18db4cc2f85cedef654fccc4a4d8
  EXPECT_EQ(resource_bundle_dir(p),
            "state/worker-1/resources/default/redis/my-redis/instance-configure/acbd1");
}

TEST(ResourceBundleDir, MatchesKratixControllerTest) {
  const ResourceBundlePath p{.store_path = "",
                             .destination_path = "test-path",
                             .namespace_ = "default",
                             .promise = "test-promise",
                             .request = "test-resource",
                             .pipeline = "test-pipeline",
                             .group_id = md5_hex(".")};
  EXPECT_EQ(resource_bundle_dir(p),
            "test-path/resources/default/test-promise/test-resource/test-pipeline/5058f");
}

class StorePathTest : public ::testing::TestWithParam<const char*> {};

TEST_P(StorePathTest, RootLikeStorePathsAddNothing) {
  auto p = example();
  p.store_path = GetParam();
  EXPECT_EQ(resource_bundle_dir(p), "worker-1/resources/default/redis/my-redis/instance-configure/5058f");
}

INSTANTIATE_TEST_SUITE_P(RootLike, StorePathTest, ::testing::Values("", ".", "/", "//", "./"));

TEST(ResourceBundleDir, TrailingSlashOnStorePathIsDropped) {
  auto p = example();
  p.store_path = "a/";
  EXPECT_EQ(resource_bundle_dir(p), "a/worker-1/resources/default/redis/my-redis/instance-configure/5058f");
  p.store_path = "/a/b/";
  EXPECT_EQ(resource_bundle_dir(p), "a/b/worker-1/resources/default/redis/my-redis/instance-configure/5058f");
}

TEST(ResourceBundleDir, DotDestinationPathAddsNothing) {
  auto p = example();
  p.destination_path = ".";
  EXPECT_EQ(resource_bundle_dir(p), "state/resources/default/redis/my-redis/instance-configure/5058f");
  p.destination_path = "";
  EXPECT_EQ(resource_bundle_dir(p), "state/resources/default/redis/my-redis/instance-configure/5058f");
}

TEST(ResourceBundleDir, EmptyPipelineSegmentDisappears) {
  auto p = example();
  p.pipeline = "";
  EXPECT_EQ(resource_bundle_dir(p), "state/worker-1/resources/default/redis/my-redis/5058f");
}

TEST(ResourceRequestDir, HoldsEveryPipelineOfOneRequest) {
  EXPECT_EQ(resource_request_dir("state/worker-1", "default", "redis", "my-redis"),
            "state/worker-1/resources/default/redis/my-redis");
  EXPECT_EQ(resource_request_dir("", "default", "redis", "my-redis"), "resources/default/redis/my-redis");
}

TEST(PromiseDependenciesDir, HoldsEverythingOfOnePromise) {
  EXPECT_EQ(promise_dependencies_dir("state/worker-1", "redis"), "state/worker-1/dependencies/redis");
  EXPECT_EQ(promise_dependencies_dir(".", "redis"), "dependencies/redis");
}

TEST(DependencyBundleDir, IsTheKratixPromiseWorkflowLayout) {
  EXPECT_EQ(dependency_bundle_dir("test-path", "test-promise", "promise-configure", md5_hex(".")),
            "test-path/dependencies/test-promise/promise-configure/5058f");
}

TEST(DependencyBundleDir, StaticDependenciesHaveNoPipelineSegment) {
  EXPECT_EQ(dependency_bundle_dir("test-path", "test-promise", "", md5_hex(".")),
            "test-path/dependencies/test-promise/5058f");
}

}  // namespace
}  // namespace ferry::writer

namespace ferry::writer {
namespace {

DestinationLayout layout(FilepathMode mode) {
  return {"worker-1", {FilepathMode::none, "state", "worker-1", "all.yaml"}, mode};
}

TEST(FilepathMode, NamesTheThreeKratixModes) {
  EXPECT_EQ(filepath_mode_named("nestedByMetadata"), FilepathMode::nested_by_metadata);
  EXPECT_EQ(filepath_mode_named("none"), FilepathMode::none);
  EXPECT_EQ(filepath_mode_named("aggregatedYAML"), FilepathMode::aggregated_yaml);
  EXPECT_EQ(filepath_mode_named("flat"), std::nullopt);
  EXPECT_EQ(filepath_mode_named("NONE"), std::nullopt);  // spelled exactly as Kratix's CRD
  EXPECT_EQ(filepath_mode_names(), "nestedByMetadata, none, aggregatedYAML");
}

TEST(AddPlacement, NestedIsABundleAtItsDirectory) {
  Change change;
  const PlacementOwner owner{"request ns/redis/cache", "ns", "redis-cache-configure"};
  EXPECT_EQ(add_placement(change, layout(FilepathMode::nested_by_metadata), owner, md5_hex("."), "n/dir",
                          {{"a", "A"}}),
            "n/dir");
  ASSERT_EQ(change.bundles.size(), 1u);
  EXPECT_EQ(change.bundles[0].directory, "n/dir");
  EXPECT_TRUE(change.flat_placements.empty());
}

TEST(AddPlacement, FlatModesAreRecordsNamedAsKratixWorkPlacements) {
  for (const FilepathMode mode : {FilepathMode::none, FilepathMode::aggregated_yaml}) {
    Change change;
    const PlacementOwner owner{"request ns/redis/cache", "ns", "redis-cache-configure"};
    EXPECT_EQ(add_placement(change, layout(mode), owner, md5_hex("."), "n/dir", {{"a", "A"}}),
              "state/worker-1");
    ASSERT_EQ(change.flat_placements.size(), 1u);
    const FlatPlacement& p = change.flat_placements[0];
    EXPECT_EQ(p.destination, (FlatDestination{mode, "state", "worker-1", "all.yaml"}));
    EXPECT_EQ(p.record, "ns-redis-cache-configure.worker-1-5058f");
    EXPECT_EQ(p.work_placement, "redis-cache-configure.worker-1-5058f");
    EXPECT_EQ(p.owner, "request ns/redis/cache");
    EXPECT_TRUE(change.bundles.empty());
  }
}

TEST(ClearOwner, NestedRemovesTheDirectoryOnceFlatRemovesTheOwnersRecords) {
  Change change;
  clear_owner(change, layout(FilepathMode::nested_by_metadata), "o", "n/dir");
  clear_owner(change, layout(FilepathMode::nested_by_metadata), "o", "n/dir");
  clear_owner(change, layout(FilepathMode::none), "o", "n/dir");
  EXPECT_EQ(change.removed_directories, std::vector<std::string>{"n/dir"});
  ASSERT_EQ(change.flat_removals.size(), 1u);
  EXPECT_EQ(change.flat_removals[0].owner, "o");
  EXPECT_EQ(change.flat_removals[0].destination.mode, FilepathMode::none);
}

TEST(CanaryPaths, NestedByMetadataUsesDependenciesAndResources) {
  const DestinationLayout d{
      "worker-1", {FilepathMode::none, "state", "worker-1", ""}, FilepathMode::nested_by_metadata};
  const CanaryPaths paths = canary_paths(d);
  EXPECT_EQ(paths.namespace_file, "state/worker-1/dependencies/kratix-canary-namespace.yaml");
  EXPECT_EQ(paths.config_map_file, "state/worker-1/resources/kratix-canary-configmap.yaml");
}

TEST(CanaryPaths, FlatModesPutBothInTheDestinationDirectory) {
  for (const FilepathMode mode : {FilepathMode::none, FilepathMode::aggregated_yaml}) {
    const CanaryPaths paths = canary_paths({"worker-1", {mode, "/", "clusters/worker-1/", ""}, mode});
    EXPECT_EQ(paths.namespace_file, "clusters/worker-1/kratix-canary-namespace.yaml");
    EXPECT_EQ(paths.config_map_file, "clusters/worker-1/kratix-canary-configmap.yaml");
  }
}

}  // namespace
}  // namespace ferry::writer

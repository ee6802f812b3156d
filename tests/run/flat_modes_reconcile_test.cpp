// A platform's Destinations in the flat filepath modes (docs/stores.md "Filepath modes") through whole runs
// against recording stores: mode none writes the files and the record, a re-run drops what the pipeline no
// longer writes, aggregatedYAML joins every request's workloads in work placement order, and deleting a
// request takes back its record with its files or its part of the aggregate.
#include <gtest/gtest.h>

#include "platform/loader.h"
#include "run/reconcile.h"
#include "tests/support/platform_texts.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/recording_state_store.h"
#include "tests/support/shared_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::read_file;
using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;
using runtime::ContainerExit;
using runtime::ContainerRun;

// The Destination `name` (label env: <name>, path <name>) on store "default" with `filepath` as its
// spec.filepath.
std::string flat_destination_text(const std::string& name, const std::string& filepath) {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: " + name +
         "\n  labels: {env: " + name + "}\nspec:\n  path: " + name +
         "\n  stateStoreRef: {kind: GitStateStore, name: default}\n  filepath: " + filepath + "\n";
}

// kRequest as request `name` in namespace `namespace_`.
std::string flat_request_text(const std::string& namespace_, const std::string& name) {
  std::string request = kRequest;
  request.replace(request.find("name: cache"), 11, "name: " + name);
  request.replace(request.find("namespace: team-a"), 17, "namespace: " + namespace_);
  return request;
}

class FlatModesReconcileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "platform/stores.yaml", kStore);
    write_file(dir.path() / "platform/promise.yaml", kPromise);
    write_file(dir.path() / "platform/request.yaml", kRequest);
    std::filesystem::create_directories(dir.path() / "scratch");
  }

  // One run of everything (forced, so that unchanged requests run again); each request's pipeline writes
  // `outputs` ("{name}" in one reads as the request's name), every file's content naming the request.
  void run_flat(const std::string& filepath) {
    write_file(dir.path() / "platform/destinations.yaml",
               flat_destination_text("dev", filepath) + "---\n" + flat_destination_text("prod", filepath));
    LoadResult loaded = load_platform(dir.path() / "platform");
    ASSERT_TRUE(loaded.errors.empty()) << loaded.errors[0].render();
    pipeline::RecordingRuntime runtime([this](const ContainerRun& run) {
      const std::string object = read_file(pipeline::host_path_of(run, "/kratix/input") / "object.yaml");
      const std::size_t name_at = object.find("  name: ") + 8;
      const std::string name = object.substr(name_at, object.find('\n', name_at) - name_at);
      for (std::string output : outputs) {
        if (const auto at = output.find("{name}"); at != std::string::npos) output.replace(at, 6, name);
        write_file(pipeline::host_path_of(run, "/kratix/output") / output, "from: " + name + "\n");
      }
      return ContainerExit{0, false, ""};
    });
    StoreOpener opener = [this](const GitStateStore&) -> Result<std::unique_ptr<writer::StateStore>> {
      return std::unique_ptr<writer::StateStore>(std::make_unique<SharedStore>(store));
    };
    ReconcileOptions options{dir.path() / "scratch", 1, std::chrono::seconds(5), nullptr};
    options.state = &state;
    options.selection.force = true;
    options.max_deletions = 10;  // tests delete a whole platform; the deletion guard is tested on its own
    auto report = reconcile(loaded.platform, runtime, opener, options);
    ASSERT_TRUE(report.ok()) << report.error().render();
    for (const RequestReport& request : report->requests) {
      EXPECT_NE(request.result, RequestResult::failed) << request.message;
    }
  }

  TempDir dir;
  writer::RecordingStateStore store{"default"};
  writer::RecordingStateStore state{"state"};
  std::vector<std::string> outputs = {"a.yaml", "sub/b.yaml"};
};

constexpr const char* kCacheRecord = "dev/.kratix/team-a-redis-cache-instance-configure.dev-5058f.yaml";

TEST_F(FlatModesReconcileTest, ModeNoneWritesTheFilesFlatAndTheRecord) {
  run_flat("{mode: none}");
  EXPECT_EQ(store.files(),
            (writer::Files{
                {"dev/a.yaml", "from: cache\n"},
                {"dev/sub/b.yaml", "from: cache\n"},
                {kCacheRecord,
                 "files:\n- \"dev/a.yaml\"\n- \"dev/sub/b.yaml\"\nowner: \"request team-a/redis/cache\"\n"
                 "workPlacement: \"redis-cache-instance-configure.dev-5058f\"\n"}}));
}

TEST_F(FlatModesReconcileTest, ModeNoneDropsTheFileARunNoLongerWrites) {
  run_flat("{mode: none}");
  outputs = {"a.yaml"};
  run_flat("{mode: none}");
  EXPECT_EQ(store.files(),
            (writer::Files{{"dev/a.yaml", "from: cache\n"},
                           {kCacheRecord,
                            "files:\n- \"dev/a.yaml\"\nowner: \"request team-a/redis/cache\"\n"
                            "workPlacement: \"redis-cache-instance-configure.dev-5058f\"\n"}}));
}

TEST_F(FlatModesReconcileTest, DeletingARequestInModeNoneRemovesItsFilesAndRecord) {
  write_file(dir.path() / "platform/other.yaml", flat_request_text("team-b", "other"));
  outputs = {"{name}.yaml"};
  run_flat("{mode: none}");
  ASSERT_EQ(store.files().size(), 4u);
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  run_flat("{mode: none}");
  EXPECT_EQ(store.files(),
            (writer::Files{{"dev/other.yaml", "from: other\n"},
                           {"dev/.kratix/team-b-redis-other-instance-configure.dev-5058f.yaml",
                            "files:\n- \"dev/other.yaml\"\nowner: \"request team-b/redis/other\"\n"
                            "workPlacement: \"redis-other-instance-configure.dev-5058f\"\n"}}));
  std::filesystem::remove(dir.path() / "platform/other.yaml");
  run_flat("{mode: none}");
  EXPECT_EQ(store.files(), writer::Files{});
}

// Flat groups are not sticky: when the Promise selects prod instead, the request's record and files leave
// dev.
TEST_F(FlatModesReconcileTest, AGroupThatMovesLeavesNothingOnItsFormerDestination) {
  run_flat("{mode: none}");
  std::string promise = kPromise;
  promise.replace(promise.find("{env: dev}"), 10, "{env: prod}");
  write_file(dir.path() / "platform/promise.yaml", promise);
  run_flat("{mode: none}");
  EXPECT_EQ(store.files(),
            (writer::Files{
                {"prod/a.yaml", "from: cache\n"},
                {"prod/sub/b.yaml", "from: cache\n"},
                {"prod/.kratix/team-a-redis-cache-instance-configure.prod-5058f.yaml",
                 "files:\n- \"prod/a.yaml\"\n- \"prod/sub/b.yaml\"\nowner: \"request team-a/redis/cache\"\n"
                 "workPlacement: \"redis-cache-instance-configure.prod-5058f\"\n"}}));
}

// A Promise's placements are recorded under Kratix's Promise namespace and work name, and owned by the
// Promise.
TEST_F(FlatModesReconcileTest, APromiseWorkflowsOutputIsAFlatPlacementOfThePromiseUntilItIsDeleted) {
  write_file(dir.path() / "platform/promise.yaml", promise_with_configure_pipeline());
  outputs = {"{name}.yaml"};
  run_flat("{mode: none}");
  const writer::Files files = store.files();
  EXPECT_EQ(files.at("dev/redis.yaml"), "from: redis\n");
  EXPECT_EQ(files.at("dev/.kratix/kratix-platform-system-redis-promise-configure.dev-5058f.yaml"),
            "files:\n- \"dev/redis.yaml\"\nowner: \"promise redis\"\n"
            "workPlacement: \"redis-promise-configure.dev-5058f\"\n");
  EXPECT_EQ(files.at("dev/cache.yaml"), "from: cache\n");
  EXPECT_EQ(files.size(), 4u);
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  std::filesystem::remove(dir.path() / "platform/promise.yaml");
  run_flat("{mode: none}");
  EXPECT_EQ(store.files(), writer::Files{});
}

// Kratix's canary files of a flat Destination lie directly in its directory.
TEST_F(FlatModesReconcileTest, CanaryFilesOfAFlatDestinationAreInItsDirectory) {
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  run_flat("{mode: aggregatedYAML}\n  initWorkloads: {enabled: true}");
  const writer::Files files = store.files();
  EXPECT_EQ(files.size(), 4u);
  EXPECT_TRUE(files.contains("dev/kratix-canary-namespace.yaml"));
  EXPECT_TRUE(files.contains("dev/kratix-canary-configmap.yaml"));
  EXPECT_TRUE(files.contains("prod/kratix-canary-namespace.yaml"));
  EXPECT_TRUE(files.contains("prod/kratix-canary-configmap.yaml"));
}

// Record names sort the other way: "a-team-redis-zeta-..." before "z-team-redis-alpha-...".
TEST_F(FlatModesReconcileTest, AggregatedYamlJoinsRequestsInWorkPlacementOrder) {
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  write_file(dir.path() / "platform/zeta.yaml", flat_request_text("a-team", "zeta"));
  write_file(dir.path() / "platform/alpha.yaml", flat_request_text("z-team", "alpha"));
  run_flat("{mode: aggregatedYAML, filename: all.yaml}");
  const writer::Files files = store.files();
  EXPECT_EQ(files.at("dev/all.yaml"),
            "from: alpha\n\n---\nfrom: alpha\n\n---\nfrom: zeta\n\n---\nfrom: zeta\n");
  EXPECT_EQ(
      files.at("dev/.kratix/z-team-redis-alpha-instance-configure.dev-5058f.yaml"),
      "owner: \"request z-team/redis/alpha\"\nworkPlacement: \"redis-alpha-instance-configure.dev-5058f\"\n"
      "workloads:\n- filepath: \"a.yaml\"\n  content: \"from: alpha\\n\"\n"
      "- filepath: \"sub/b.yaml\"\n  content: \"from: alpha\\n\"\n");
  EXPECT_EQ(files.size(), 3u);
}

TEST_F(FlatModesReconcileTest, DeletingARequestInAggregatedYamlRemovesItsRecordAndItsPart) {
  write_file(dir.path() / "platform/other.yaml", flat_request_text("team-b", "other"));
  outputs = {"a.yaml"};
  run_flat("{mode: aggregatedYAML}");
  ASSERT_EQ(store.files().at("dev/aggregated.yaml"), "from: cache\n\n---\nfrom: other\n");
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  run_flat("{mode: aggregatedYAML}");
  const writer::Files files = store.files();
  EXPECT_EQ(files.at("dev/aggregated.yaml"), "from: other\n");
  EXPECT_FALSE(files.contains("dev/.kratix/team-a-redis-cache-instance-configure.dev-5058f.yaml"));
  EXPECT_EQ(files.size(), 2u);
  std::filesystem::remove(dir.path() / "platform/other.yaml");
  run_flat("{mode: aggregatedYAML}");
  EXPECT_EQ(store.files(), writer::Files{});
}

}  // namespace
}  // namespace ferry::runner

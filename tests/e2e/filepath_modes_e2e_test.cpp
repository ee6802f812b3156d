// End to end: the three filepath modes of a Destination (docs/stores.md "Filepath modes", reference
// §4.2-4.5) written by the built binary on a copy of the demo platform (pipelines with --runtime exec), the
// destination branch's tree checked with the git CLI. worker-dev takes the redis Promise's static
// dependencies and the requests cache-a and cache-b; worker-prod stays nestedByMetadata throughout.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::write_file;

// worker-prod's bundles (the app Promise's requests), the same in every mode of worker-dev.
const std::string kWorkerProdTree =
    "worker-prod/resources/default/app/shop/deploy/5058f/deployment.yaml\n"
    "worker-prod/resources/team-b/app/blog/deploy/5058f/deployment.yaml";

// What the fixture's redis pipeline writes for cache-a, and the Promise's static dependencies (the git
// helper's output loses the last newline).
const std::string kCacheAConfigMap =
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: redis-cache-a\n  namespace: default\ndata:\n"
    "  instance: cache-a\n  size: small\n";
const std::string kCacheBConfigMap =
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: redis-cache-b\n  namespace: team-b\ndata:\n"
    "  instance: cache-b\n  size: large\n";
const std::string kRedisDependencies = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: redis-system";

class FilepathModesE2E : public ferry::testing::PlatformFixture {
 protected:
  // Adds `lines` (two-space indented spec fields) to worker-dev's spec.
  void worker_dev_spec(const std::string& lines) {
    const std::string path = "  path: worker-dev\n";
    std::string text =
        read_file(std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures/platform/destinations/workers.yaml");
    text.replace(text.find(path), path.size(), path + lines);
    write_file(platform() / "destinations/workers.yaml", text);
  }
  // Drops the request team-b/cache-b (the second document of requests/redis.yaml).
  void remove_cache_b() {
    const auto at = platform() / "requests/redis.yaml";
    const std::string text = read_file(at);
    write_file(at, text.substr(0, text.find("---\n")));
  }
  void reconcile_successfully() {
    auto [code, report] = reconcile(exec_runtime());
    ASSERT_EQ(code, 0) << report.dump(2);
  }
  std::string tree() { return git(clusters(), "ls-tree -r --name-only main"); }
  std::string file(const std::string& path) { return git(clusters(), "show main:" + path); }
};

TEST_F(FilepathModesE2E, NestedByMetadataIsTheDefault) {
  reconcile_successfully();
  EXPECT_EQ(tree(),
            "worker-dev/dependencies/redis/5058f/static/redis-dependencies.yaml\n"
            "worker-dev/resources/default/redis/cache-a/instance-configure/5058f/redis.yaml\n"
            "worker-dev/resources/team-b/redis/cache-b/instance-configure/5058f/redis.yaml\n" +
                kWorkerProdTree);
  EXPECT_EQ(file("worker-dev/resources/default/redis/cache-a/instance-configure/5058f/redis.yaml") + "\n",
            kCacheAConfigMap);
}

// Both requests write redis.yaml, so the later commit's wins, as in Kratix; the records say who wrote what.
TEST_F(FilepathModesE2E, NoneWritesFilesFlatWithRecordsAndCanaries) {
  worker_dev_spec("  filepath: {mode: none}\n  initWorkloads: {enabled: true}\n");
  reconcile_successfully();
  EXPECT_EQ(tree(),
            "worker-dev/.kratix/default-redis-cache-a-instance-configure.worker-dev-5058f.yaml\n"
            "worker-dev/.kratix/kratix-platform-system-redis-static-deps.worker-dev-5058f.yaml\n"
            "worker-dev/.kratix/team-b-redis-cache-b-instance-configure.worker-dev-5058f.yaml\n"
            "worker-dev/kratix-canary-configmap.yaml\n"
            "worker-dev/kratix-canary-namespace.yaml\n"
            "worker-dev/redis.yaml\n"
            "worker-dev/static/redis-dependencies.yaml\n" +
                kWorkerProdTree);
  EXPECT_EQ(file("worker-dev/.kratix/default-redis-cache-a-instance-configure.worker-dev-5058f.yaml"),
            "files:\n- \"worker-dev/redis.yaml\"\nowner: \"request default/redis/cache-a\"\n"
            "workPlacement: \"redis-cache-a-instance-configure.worker-dev-5058f\"");
  EXPECT_EQ(file("worker-dev/static/redis-dependencies.yaml"), kRedisDependencies);
  const std::string first = git(clusters(), "rev-list --max-parents=0 main");
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only " + first),
            "worker-dev/kratix-canary-configmap.yaml\nworker-dev/kratix-canary-namespace.yaml");
}

TEST_F(FilepathModesE2E, AggregatedYamlJoinsPlacementsInWorkPlacementOrderUntilTheyAreDeleted) {
  worker_dev_spec("  filepath: {mode: aggregatedYAML, filename: worker-dev.yaml}\n");
  reconcile_successfully();
  EXPECT_EQ(tree(),
            "worker-dev/.kratix/default-redis-cache-a-instance-configure.worker-dev-5058f.yaml\n"
            "worker-dev/.kratix/kratix-platform-system-redis-static-deps.worker-dev-5058f.yaml\n"
            "worker-dev/.kratix/team-b-redis-cache-b-instance-configure.worker-dev-5058f.yaml\n"
            "worker-dev/worker-dev.yaml\n" +
                kWorkerProdTree);
  EXPECT_EQ(file("worker-dev/worker-dev.yaml"),
            kCacheAConfigMap + "\n---\n" + kCacheBConfigMap + "\n---\n" + kRedisDependencies);
  remove_cache_b();
  reconcile_successfully();
  EXPECT_EQ(tree(),
            "worker-dev/.kratix/default-redis-cache-a-instance-configure.worker-dev-5058f.yaml\n"
            "worker-dev/.kratix/kratix-platform-system-redis-static-deps.worker-dev-5058f.yaml\n"
            "worker-dev/worker-dev.yaml\n" +
                kWorkerProdTree);
  EXPECT_EQ(file("worker-dev/worker-dev.yaml"), kCacheAConfigMap + "\n---\n" + kRedisDependencies);
  EXPECT_EQ(git(clusters(), "log -1 --format=%s main"), "Delete from: redis team-b/cache-b");
}

TEST_F(FilepathModesE2E, AnUnknownModeIsALocatedError) {
  worker_dev_spec("  filepath: {mode: flat}\n");
  const auto result = ferry::testing::run_ferry({"validate", platform().string()}, {.merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output, (platform() / "destinations/workers.yaml").string() +
                               ":9:20: error: \"spec.filepath.mode\" must be one of nestedByMetadata, none, "
                               "aggregatedYAML, found \"flat\"\nferry: 1 error(s) in " +
                               platform().string() + "\n");
}

}  // namespace
}  // namespace ferry

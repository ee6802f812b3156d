// End to end: the built binary on a copy of the demo platform, checked through the git CLI.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::run_ferry;
using ferry::testing::TempDir;
using ferry::testing::write_file;
namespace fs = std::filesystem;

class ReconcileE2E : public ferry::testing::PlatformFixture {};

TEST_F(ReconcileE2E, CommitsEveryRequestToTheDestinationsItsLabelsChoose) {
  auto [code, report] = reconcile();
  ASSERT_EQ(code, 0) << report.dump(2);
  EXPECT_EQ(report["format_version"], 1);
  EXPECT_EQ(results_by_name(report), (std::map<std::string, std::string>{{"default/cache-a", "succeeded"},
                                                                         {"default/shop", "succeeded"},
                                                                         {"team-b/blog", "succeeded"},
                                                                         {"team-b/cache-b", "succeeded"}}));
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main"),
            "worker-dev/dependencies/redis/5058f/static/redis-dependencies.yaml\n"
            "worker-dev/resources/default/redis/cache-a/instance-configure/5058f/redis.yaml\n"
            "worker-dev/resources/team-b/redis/cache-b/instance-configure/5058f/redis.yaml\n"
            "worker-prod/resources/default/app/shop/deploy/5058f/deployment.yaml\n"
            "worker-prod/resources/team-b/app/blog/deploy/5058f/deployment.yaml");
  EXPECT_EQ(git(observability(), "ls-tree -r --name-only main"),
            "fleet/monitoring/resources/default/app/shop/deploy/89948/monitoring/dashboard.yaml\n"
            "fleet/monitoring/resources/team-b/app/blog/deploy/89948/monitoring/dashboard.yaml");
  // One commit per request and repository: the redis Promise's dependencies and four requests in
  // clusters, the two apps in observability.
  EXPECT_EQ(git(clusters(), "rev-list --count main"), "5");
  EXPECT_EQ(git(observability(), "rev-list --count main"), "2");
  EXPECT_NE(git(clusters(),
                "show main:worker-dev/resources/team-b/redis/cache-b/instance-configure/5058f/redis.yaml")
                .find("large"),
            std::string::npos);
  EXPECT_EQ(git(clusters(), "log -1 --format=%an main"), "ferry-demo");
}

TEST_F(ReconcileE2E, SecondRunWithNothingChangedMakesNoCommit) {
  ASSERT_EQ(reconcile().first, 0);
  const std::string tip = git(clusters(), "rev-parse main");
  // Without recorded state every workflow runs again and finds nothing to write.
  auto [code, report] = reconcile({"--no-state"});
  EXPECT_EQ(code, 0);
  for (const auto& [name, result] : results_by_name(report)) EXPECT_EQ(result, "unchanged") << name;
  EXPECT_EQ(git(clusters(), "rev-parse main"), tip);
  EXPECT_EQ(git(observability(), "rev-list --count main"), "2");
}

TEST_F(ReconcileE2E, FailingPipelineLeavesTheRepositoryUntouchedForThatRequest) {
  ASSERT_EQ(reconcile().first, 0);
  const std::string before = git(clusters(), "rev-parse main");
  // cache-a's pipeline now fails (the fixture image refuses objects with "fail: true"); shop changes.
  std::string redis = ferry::testing::read_file(platform() / "requests/redis.yaml");
  redis.replace(redis.find("size: small"), 11, "size: large\n  fail: true");
  write_file(platform() / "requests/redis.yaml", redis);
  std::string apps = ferry::testing::read_file(platform() / "requests/apps.yaml");
  apps.replace(apps.find("nginx:1.27"), 10, "nginx:1.28");
  write_file(platform() / "requests/apps.yaml", apps);

  auto [code, report] = reconcile();
  EXPECT_EQ(code, 3);
  EXPECT_EQ(results_by_name(report), (std::map<std::string, std::string>{{"default/cache-a", "failed"},
                                                                         {"default/shop", "succeeded"},
                                                                         {"team-b/blog", "skipped"},
                                                                         {"team-b/cache-b", "skipped"}}));
  for (const auto& r : report["requests"]) {
    if (r["name"] == "cache-a") {
      EXPECT_NE(r["message"].get<std::string>().find("refusing to configure cache-a: fail requested"),
                std::string::npos)
          << r["message"];
    }
  }
  // Exactly one new commit (shop's); cache-a's files are as the first run left them.
  EXPECT_EQ(git(clusters(), "rev-list --count " + before + "..main"), "1");
  EXPECT_EQ(git(clusters(), "diff --name-only " + before + " main"),
            "worker-prod/resources/default/app/shop/deploy/5058f/deployment.yaml");
}

TEST_F(ReconcileE2E, BadInputStopsTheRunBeforeAnythingIsWritten) {
  write_file(
      platform() / "destinations/broken.yaml",
      "apiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: x\nspec:\n  path: x\n");
  const auto result = run_ferry({"reconcile", platform().string()}, {.merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find((platform() / "destinations/broken.yaml").string() +
                               ":6:3: error: missing required field \"spec.stateStoreRef\""),
            std::string::npos)
      << result.output;
  EXPECT_FALSE(fs::exists(clusters()));
}

TEST_F(ReconcileE2E, ARequestTheSchemaRefusesStopsTheRunBeforeAnythingIsWritten) {
  std::string redis = ferry::testing::read_file(platform() / "requests/redis.yaml");
  redis.replace(redis.find("size: small"), 11, "size: huge");
  write_file(platform() / "requests/redis.yaml", redis);
  const auto result = run_ferry({"reconcile", platform().string()}, {.merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find((platform() / "requests/redis.yaml").string() +
                               ":7:9: error: spec.size: must be one of small, large; found \"huge\""),
            std::string::npos)
      << result.output;
  EXPECT_FALSE(fs::exists(clusters()));
}

// worker-dev stops matching the redis Promise (environment: dev) and worker-dev-2 takes its place.
void relabel_worker_dev(const fs::path& platform) {
  std::string workers = ferry::testing::read_file(platform / "destinations/workers.yaml");
  workers.replace(workers.find("environment: dev"), 16, "environment: staging");
  workers += R"(---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: worker-dev-2
  labels:
    environment: dev
spec:
  path: worker-dev-2
  stateStoreRef:
    kind: GitStateStore
    name: clusters
)";
  write_file(platform / "destinations/workers.yaml", workers);
}

TEST_F(ReconcileE2E, MisplacedRequestsStayByDefaultAndMoveWhenThePromiseSaysSo) {
  ASSERT_EQ(reconcile().first, 0);
  relabel_worker_dev(platform());
  auto [code, report] = reconcile();
  EXPECT_EQ(code, 4) << report.dump(2);
  for (const auto& r : report["requests"]) {
    if (r["promise"] != "redis") continue;
    EXPECT_EQ(r["result"], "unchanged");
    EXPECT_EQ(r["placements"][0]["destination"], "worker-dev");
    EXPECT_EQ(r["placements"][0]["misplaced"], "Destination worker-dev no longer matches environment=dev");
  }
  // The Promise's dependencies follow its selector at once (Kratix would keep them on worker-dev).
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev-2 worker-dev/dependencies"),
            "worker-dev-2/dependencies/redis/5058f/static/redis-dependencies.yaml");

  std::string redis = ferry::testing::read_file(platform() / "promises/redis.yaml");
  redis.replace(redis.find("  labels:\n"), 10,
                "  annotations:\n    ferry.dev/misplaced-placements: move\n  labels:\n");
  write_file(platform() / "promises/redis.yaml", redis);
  const std::string before = git(clusters(), "rev-parse main");
  std::tie(code, report) = reconcile();
  EXPECT_EQ(code, 0) << report.dump(2);
  EXPECT_EQ(results_by_name(report).at("default/cache-a"), "succeeded");
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev"), "");
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev-2/resources"),
            "worker-dev-2/resources/default/redis/cache-a/instance-configure/5058f/redis.yaml\n"
            "worker-dev-2/resources/team-b/redis/cache-b/instance-configure/5058f/redis.yaml");
  // One commit per moved request: the old and new bundle change together.
  EXPECT_EQ(git(clusters(), "rev-list --count " + before + "..main"), "2");
}

TEST_F(ReconcileE2E, ExplainShowsEveryDestinationAndTheStickyChoiceWithoutWriting) {
  const FerryArgs explain = {"explain", platform().string()};
  auto result = run_ferry(explain + FerryArgs{"--request", "default/cache-a"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.output,
            "request default/cache-a (redis, Promise redis)\n"
            "  pipeline instance-configure, group . (5058f), selector environment=dev\n"
            "    monitoring   refused: failed environment=dev (no environment label)\n"
            "    worker-dev   takes it: met environment=dev\n"
            "    worker-prod  refused: failed environment=dev (has environment=prod)\n"
            "    => goes to worker-dev (highest score among those that take it)\n");
  EXPECT_FALSE(fs::exists(clusters())) << "explain must not create or write a state store";
  ASSERT_EQ(reconcile().first, 0);
  result = run_ferry(explain + FerryArgs{"--request", "default/cache-a", "--output", "json"});
  EXPECT_NE(result.output.find("\"choice\": \"stays on worker-dev (already placed there, still matches)\""),
            std::string::npos)
      << result.output;
  result = run_ferry(explain + FerryArgs{"--request", "default/nope"}, {.merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(
      result.output,
      "error: no request default/nope in the platform (give it as NAMESPACE/NAME, or KIND/NAMESPACE/NAME)\n");
}

TEST_F(ReconcileE2E, VersionAndHelp) {
  EXPECT_EQ(run_ferry({"version"}, {.merge_stderr = true}).output, "ferry 0.1.0\n");
  const auto version_flag = run_ferry({"--version"}, {.merge_stderr = true});  // as every other tool has it
  EXPECT_EQ(version_flag.exit_code, 0);
  EXPECT_EQ(version_flag.output, "ferry 0.1.0\n");
  const auto help = run_ferry({"reconcile", "--help"}, {.merge_stderr = true});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.output.find("--output"), std::string::npos);
  const auto unknown = run_ferry({"frobnicate"}, {.merge_stderr = true});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.output,
            "ferry: unknown command \"frobnicate\"; the commands are reconcile, plan, explain, validate, "
            "status, logs, test, version (see ferry --help)\n");
}

}  // namespace
}  // namespace ferry

// End to end: Kratix's canary files (docs/stores.md "Canary files") written by the built binary on a copy
// of the demo platform (pipelines with --runtime exec), checked with the git CLI. The demo's Destinations
// are nestedByMetadata; canary files on a flat Destination are checked by filepath_modes_e2e_test.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

// What the git helper prints of Kratix's files (its output loses the last newline).
const std::string kNamespace =
    "apiVersion: v1\nkind: Namespace\nmetadata:\n  creationTimestamp: null\n  name: kratix-worker-system\n"
    "spec: {}\nstatus: {}";
const std::string kConfigMap =
    "apiVersion: v1\ndata:\n  canary: the confirms your infrastructure is reading from Kratix state stores\n"
    "kind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: kratix-info\n  namespace: "
    "kratix-worker-system";

class CanaryE2E : public ferry::testing::PlatformFixture {
 protected:
  // Sets spec.initWorkloads of worker-dev (clusters) and monitoring (observability, store path "fleet");
  // "" leaves the field out.
  void init_workloads(const std::string& enabled) {
    const std::string line = enabled.empty() ? "" : "  initWorkloads: {enabled: " + enabled + "}\n";
    for (const auto& [file, path] : {std::pair{"workers.yaml", "  path: worker-dev\n"},
                                     std::pair{"monitoring.yaml", "  path: monitoring\n"}}) {
      const auto at = platform() / "destinations" / file;
      std::string text = read_file(original / file);
      text.replace(text.find(path), std::string(path).size(), std::string(path) + line);
      write_file(at, text);
    }
  }
  std::pair<int, nlohmann::json> exec_reconcile() { return reconcile(exec_runtime()); }
  // Every file of the store's branch whose name starts with "kratix-canary".
  static std::string canaries(const std::filesystem::path& store) {
    const auto listed = run(
        "git -C " + shell_quote(store.string()) + " ls-tree -r --name-only main | grep kratix-canary", false);
    return listed.output;
  }

  std::filesystem::path original = std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures/platform/destinations";
};

TEST_F(CanaryE2E, EnabledWritesBothFilesInTheirOwnFirstCommit) {
  init_workloads("true");
  auto [code, report] = exec_reconcile();
  ASSERT_EQ(code, 0) << report.dump(2);
  EXPECT_EQ(canaries(clusters()),
            "worker-dev/dependencies/kratix-canary-namespace.yaml\n"
            "worker-dev/resources/kratix-canary-configmap.yaml\n");
  EXPECT_EQ(canaries(observability()),
            "fleet/monitoring/dependencies/kratix-canary-namespace.yaml\n"
            "fleet/monitoring/resources/kratix-canary-configmap.yaml\n");
  EXPECT_EQ(git(clusters(), "show main:worker-dev/dependencies/kratix-canary-namespace.yaml"), kNamespace);
  EXPECT_EQ(git(clusters(), "show main:worker-dev/resources/kratix-canary-configmap.yaml"), kConfigMap);
  EXPECT_EQ(git(observability(), "show main:fleet/monitoring/resources/kratix-canary-configmap.yaml"),
            kConfigMap);
  // The canary commit comes first, before the Promise's and the requests', with only the canary files.
  const std::string first = git(clusters(), "rev-list --max-parents=0 main");
  EXPECT_EQ(git(clusters(), "log -1 --format=%B " + first),
            "Update from: kratix-canary\n\nFerry-Destinations: worker-dev\n");
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only " + first),
            "worker-dev/dependencies/kratix-canary-namespace.yaml\n"
            "worker-dev/resources/kratix-canary-configmap.yaml");
  EXPECT_EQ(git(clusters(), "rev-list --count main"), "6");  // the reconcile test's 5, and this one
  ASSERT_EQ(report["canaries"]["commits"].size(), 2u) << report.dump(2);
  EXPECT_EQ(report["canaries"]["commits"][0]["store"], "clusters");
  EXPECT_EQ(report["canaries"]["commits"][0]["sha"], first);
  EXPECT_EQ(report["canaries"]["errors"], nlohmann::json::array());
}

TEST_F(CanaryE2E, ASecondRunMakesNoCommit) {
  init_workloads("true");
  ASSERT_EQ(exec_reconcile().first, 0);
  const std::string clusters_tip = git(clusters(), "rev-parse main");
  const std::string observability_tip = git(observability(), "rev-parse main");
  auto [code, report] = reconcile(exec_runtime() + FerryArgs{"--no-state"});
  EXPECT_EQ(code, 0);
  EXPECT_FALSE(report.contains("canaries")) << report.dump(2);
  EXPECT_EQ(git(clusters(), "rev-parse main"), clusters_tip);
  EXPECT_EQ(git(observability(), "rev-parse main"), observability_tip);
}

TEST_F(CanaryE2E, SwitchingToFalseDeletesThemInOneCommit) {
  init_workloads("true");
  ASSERT_EQ(exec_reconcile().first, 0);
  const std::string count = git(clusters(), "rev-list --count main");
  init_workloads("false");
  auto [code, report] = exec_reconcile();
  EXPECT_EQ(code, 0) << report.dump(2);
  EXPECT_EQ(canaries(clusters()), "");
  EXPECT_EQ(canaries(observability()), "");
  EXPECT_EQ(git(clusters(), "log -1 --format=%s main"), "Update from: kratix-canary");
  EXPECT_EQ(git(clusters(), "rev-list --count main"), std::to_string(std::stoi(count) + 1));
  // The placements beside them stay.
  EXPECT_NE(git(clusters(), "ls-tree -r --name-only main").find("worker-dev/dependencies/redis/5058f/"),
            std::string::npos);
}

TEST_F(CanaryE2E, AbsentLeavesThemAlone) {
  init_workloads("true");
  ASSERT_EQ(exec_reconcile().first, 0);
  const std::string tip = git(clusters(), "rev-parse main");
  init_workloads("");
  auto [code, report] = reconcile(exec_runtime() + FerryArgs{"--no-state"});
  EXPECT_EQ(code, 0) << report.dump(2);
  EXPECT_EQ(git(clusters(), "rev-parse main"), tip);
  EXPECT_EQ(canaries(clusters()),
            "worker-dev/dependencies/kratix-canary-namespace.yaml\n"
            "worker-dev/resources/kratix-canary-configmap.yaml\n");
}

TEST_F(CanaryE2E, AbsentOnANewRepositoryWritesNone) {
  auto [code, report] = exec_reconcile();
  EXPECT_EQ(code, 0) << report.dump(2);
  EXPECT_EQ(canaries(clusters()), "");
  EXPECT_EQ(git(clusters(), "log --format=%s main").find("kratix-canary"), std::string::npos);
}

TEST_F(CanaryE2E, EveryShardWritesThemAndTheSecondFindsThemInPlace) {
  init_workloads("true");
  auto [first_code, first] = reconcile(exec_runtime() + FerryArgs{"--shard", "1/2"});
  EXPECT_EQ(first_code, 0) << first.dump(2);
  EXPECT_EQ(first["canaries"]["commits"].size(), 2u);
  auto [second_code, second] = reconcile(exec_runtime() + FerryArgs{"--shard", "2/2"});
  EXPECT_EQ(second_code, 0) << second.dump(2);
  EXPECT_FALSE(second.contains("canaries"));
  EXPECT_EQ(git(clusters(), "log --format=%s main | grep -c kratix-canary"), "1");
}

TEST_F(CanaryE2E, PlanShowsThemAndWritesNothing) {
  init_workloads("true");
  const auto result = run_ferry(FerryArgs{"plan", platform().string()} + exec_runtime());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("worker-dev/dependencies/kratix-canary-namespace.yaml"), std::string::npos)
      << result.output;
  EXPECT_FALSE(std::filesystem::exists(clusters() / "refs/heads/main"));
}

TEST_F(CanaryE2E, ANonBooleanEnabledIsALocatedError) {
  init_workloads("yes");
  const auto result = run_ferry({"validate", platform().string()}, {.merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find(
                (platform() / "destinations/workers.yaml").string() +
                ":9:28: error: \"spec.initWorkloads.enabled\" must be true or false, found a string"),
            std::string::npos)
      << result.output;
}

}  // namespace
}  // namespace ferry

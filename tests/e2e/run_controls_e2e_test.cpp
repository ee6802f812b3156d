// End to end: what steers a run beyond the objects' specs, through the binary. `ferry plan` gives every
// container KRATIX_DRY_RUN=true (a reconcile none), and --no-network takes the network from every container
// whatever its Pipeline asks (podman, through a wrapper that logs podman's arguments), said in the report; a
// Promise whose selectors match no Destination waits for one; Destination cleanup: all.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::write_file;

// A Promise without an API whose promise.configure pipeline writes the KRATIX_DRY_RUN it was given.
constexpr const char* kProbePromise = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata: {name: probe}
spec:
  destinationSelectors:
    - matchLabels: {role: monitoring}
  workflows:
    promise:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: probe-configure}
          spec:
            containers:
              - {name: probe, image: example/probe:v1}
)";

class RunControlsE2E : public ferry::testing::PlatformFixture {
 protected:
  // The platform holds only the probe Promise; its image is a host script under --runtime exec.
  FerryArgs probe_runtime() {
    fs::remove_all(platform() / "promises");
    fs::remove_all(platform() / "requests");
    write_file(platform() / "promises/probe.yaml", kProbePromise);
    write_file(dir.path() / "probe.sh",
               "printf 'dry: %s\\n' \"${KRATIX_DRY_RUN:-unset}\" >/kratix/output/probe.yaml\n");
    write_file(dir.path() / "exec.yaml",
               "images:\n  example/probe:v1: [/bin/sh, " + (dir.path() / "probe.sh").string() + "]\n");
    return {"--runtime", "exec", "--exec-config", (dir.path() / "exec.yaml").string(), "--no-pipeline-cache"};
  }

  // A podman that logs each command line to podman.log, then runs the real one.
  FerryArgs logged_podman() {
    const fs::path wrapper = dir.path() / "podman";
    write_file(wrapper,
               "#!/bin/sh\necho \"$*\" >>" + (dir.path() / "podman.log").string() + "\nexec podman \"$@\"\n");
    fs::permissions(wrapper, fs::perms::owner_all);
    return {"--runtime", "podman", "--podman", wrapper.string(), "--no-pipeline-cache", "--no-state"};
  }

  // Every `podman run` line of podman.log, then the log emptied.
  std::vector<std::string> podman_runs() {
    std::vector<std::string> runs;
    std::istringstream log(read_file(dir.path() / "podman.log"));
    for (std::string line; std::getline(log, line);) {
      if (line.starts_with("run ")) runs.push_back(line);
    }
    fs::remove(dir.path() / "podman.log");
    return runs;
  }
};

TEST_F(RunControlsE2E, APlanGivesEveryContainerKratixDryRunAndAReconcileNone) {
  const FerryArgs runtime = probe_runtime();
  const auto planned = run_ferry(FerryArgs{"plan", platform().string()} + runtime);
  ASSERT_EQ(planned.exit_code, 0) << planned.output << planned.error_output;
  EXPECT_NE(planned.output.find("\n+dry: true\n"), std::string::npos) << planned.output;

  auto [code, report] = reconcile(runtime + FerryArgs{"--no-state"});
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  EXPECT_EQ(git(observability(), "grep -h dry: main"), "dry: unset");
}

// The redis pipeline asks for the engine's network; --no-network on reconcile and plan takes it away from
// every container, and the report's options say so.
TEST_F(RunControlsE2E, NoNetworkTakesTheNetworkFromEveryContainer) {
  const fs::path promise = platform() / "promises/redis.yaml";
  std::string redis = read_file(promise);
  const std::string name = "            name: instance-configure\n";
  redis.replace(redis.find(name), name.size(),
                name + "            annotations:\n              ferry.dev/network: \"true\"\n");
  write_file(promise, redis);
  const FerryArgs podman = logged_podman();

  auto [code, report] = reconcile(podman);
  ASSERT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
  EXPECT_FALSE(report.contains("options")) << report.dump(2);
  int with_network = 0;
  for (const std::string& run : podman_runs())
    with_network += run.find("--network=none") == std::string::npos;
  EXPECT_GT(with_network, 0);  // the redis requests' containers

  auto [isolated, isolated_report] = reconcile(podman + FerryArgs{"--no-network"});
  ASSERT_EQ(isolated, 0) << isolated_report.dump(2) << read_file(dir.path() / "stderr");
  EXPECT_EQ(isolated_report["options"], nlohmann::json({{"no_network", true}}));
  const std::vector<std::string> runs = podman_runs();
  ASSERT_FALSE(runs.empty());
  for (const std::string& run : runs) EXPECT_NE(run.find("--network=none"), std::string::npos) << run;

  const auto planned = run_ferry(FerryArgs{"plan", platform().string(), "--no-network"} + podman);
  ASSERT_EQ(planned.exit_code, 0) << planned.output << planned.error_output;
  EXPECT_TRUE(planned.output.starts_with("options: --no-network: every container ran without a network\n"))
      << planned.output;
  for (const std::string& run : podman_runs())
    EXPECT_NE(run.find("--network=none"), std::string::npos) << run;
}

// A Promise whose destinationSelectors match no Destination: its dependencies wait (the report, the plan and
// `ferry status` say why), its requests run as in Kratix (their own groups wait too), and the run after a
// matching Destination appears places both.
TEST_F(RunControlsE2E, APromiseMatchingNoDestinationWaitsUntilOneAppears) {
  const fs::path promise = platform() / "promises/redis.yaml";
  std::string redis = read_file(promise);
  redis.replace(redis.find("        environment: dev\n"), 25, "        environment: qa\n");
  write_file(promise, redis);
  const std::string why = "no Destination matches environment=qa (3 Destinations checked)";

  auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 3) << report.dump(2);  // the requests are pending
  EXPECT_EQ(report["promises"][1]["name"], "redis");
  EXPECT_EQ(report["promises"][1]["result"], "unchanged");
  EXPECT_EQ(report["promises"][1]["message"], "waiting for a Destination: dependencies: " + why);
  int redis_requests = 0;
  for (const auto& r : report["requests"]) {
    if (r["promise"] != "redis") continue;
    ++redis_requests;
    EXPECT_EQ(r["result"], "pending") << r.dump();
    EXPECT_EQ(r["message"], "pipeline \"instance-configure\" group \".\": " + why) << r.dump();
  }
  EXPECT_GT(redis_requests, 0);
  const auto status = run_ferry({"status", platform().string()});
  EXPECT_NE(status.output.find("waiting for a Destination: dependencies: " + why), std::string::npos)
      << status.output;
  const auto planned = run_ferry(FerryArgs{"plan", platform().string()} + exec_runtime());
  EXPECT_NE(planned.output.find("Promise redis: skipped: unchanged since the recorded run\n"),
            std::string::npos)
      << planned.output;
  const auto forced = run_ferry(FerryArgs{"plan", platform().string(), "--force"} + exec_runtime());
  EXPECT_NE(forced.output.find("Promise redis: no change; waiting for a Destination: dependencies: " + why),
            std::string::npos)
      << forced.output;

  std::string workers = read_file(platform() / "destinations/workers.yaml");
  workers +=
      "---\napiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: worker-qa\n"
      "  labels: {environment: qa}\nspec:\n  path: worker-qa\n  stateStoreRef: {kind: GitStateStore, "
      "name: clusters}\n";
  write_file(platform() / "destinations/workers.yaml", workers);
  auto [placed, placed_report] = reconcile(exec_runtime());
  EXPECT_EQ(placed, 0) << placed_report.dump(2);
  EXPECT_EQ(placed_report["promises"][1]["result"], "succeeded") << placed_report.dump(2);
  EXPECT_FALSE(placed_report["promises"][1].contains("message")) << placed_report.dump(2);
  const std::string tree = git(clusters(), "ls-tree -r --name-only main worker-qa");
  EXPECT_NE(tree.find("worker-qa/dependencies/redis/"), std::string::npos) << tree;
  EXPECT_NE(tree.find("worker-qa/resources/default/redis/cache-a/"), std::string::npos) << tree;
}

// A Destination with cleanup: all that leaves the platform: the next reconcile removes everything ferry
// wrote for it in one commit, says so in the report, and forgets it; cleanup: none keeps the files.
TEST_F(RunControlsE2E, ADestinationWithCleanupAllLosesItsFilesWhenItLeaves) {
  const fs::path workers = platform() / "destinations/workers.yaml";
  std::string declared = read_file(workers);
  const std::string dev_path = "  path: worker-dev\n";
  declared.replace(declared.find(dev_path), dev_path.size(), dev_path + "  cleanup: all\n");
  write_file(workers, declared);
  auto [code, report] = reconcile(exec_runtime());
  ASSERT_EQ(code, 0) << report.dump(2);
  ASSERT_NE(git(clusters(), "ls-tree -r --name-only main worker-dev"), "");
  const std::string commits = git(clusters(), "rev-list --count main");

  // worker-dev leaves; the redis Promise now selects nothing, so its requests wait.
  write_file(workers, declared.substr(declared.find("---\n") + 4));
  auto [removed, removed_report] = reconcile(exec_runtime());
  EXPECT_EQ(removed, 3) << removed_report.dump(2);  // the redis requests are pending
  ASSERT_EQ(removed_report["destination_cleanups"]["done"].size(), 1u) << removed_report.dump(2);
  EXPECT_TRUE(removed_report["destination_cleanups"]["done"][0].get<std::string>().starts_with(
      "Destination worker-dev (cleanup: all): its files removed from clusters@main in "))
      << removed_report.dump(2);
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev"), "");
  EXPECT_EQ(git(clusters(), "log -1 --format=%s main"), "Delete from: Destination worker-dev");
  EXPECT_EQ(std::stoi(git(clusters(), "rev-list --count main")), std::stoi(commits) + 1);
  auto [again, again_report] = reconcile(exec_runtime());
  EXPECT_FALSE(again_report.contains("destination_cleanups")) << again_report.dump(2);
}

TEST_F(RunControlsE2E, ADestinationWithoutCleanupKeepsItsFilesWhenItLeaves) {
  auto [code, report] = reconcile(exec_runtime());
  ASSERT_EQ(code, 0) << report.dump(2);
  const std::string tree = git(clusters(), "ls-tree -r --name-only main worker-dev");
  const fs::path workers = platform() / "destinations/workers.yaml";
  const std::string declared = read_file(workers);
  write_file(workers, declared.substr(declared.find("---\n") + 4));
  auto [removed, removed_report] = reconcile(exec_runtime());
  EXPECT_FALSE(removed_report.contains("destination_cleanups")) << removed_report.dump(2);
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev"), tree);
}

}  // namespace
}  // namespace ferry

// End to end (docs/status.md): two pipelines passing status, with --runtime exec. The second reads what the
// first wrote from /kratix/input/object.yaml; the status (pipeline fields, Kratix's conditions and counters)
// shows in the reconcile report, `ferry status --output json|yaml` and the status tree on the state branch;
// a failing second pipeline shows Kratix's failure and keeps the first's fields; a counter counts 1, 2, 3
// over forced runs; a pipeline that copies its input object commits the previous status; a run with
// nothing changed makes no state commit, and one request's change changes one status file; a HealthRecord an
// agent commits to the Destination's repository shows as the request's healthStatus without rerunning it;
// --publish-status puts the same tree in a store and path of the user's choice.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

// Counts its runs in status and writes stage: one.
constexpr const char* kStageOne = R"(#!/bin/sh
set -eu
count=$(sed -n 's/^  count: //p' /kratix/input/object.yaml)
printf 'stage: one\ncount: %s\n' $(( ${count:-0} + 1 )) >/kratix/metadata/status.yaml
)";
// Finishes what stage one started, copies its input object to its output, and fails for a large request.
constexpr const char* kStageTwo = R"(#!/bin/sh
set -eu
cp /kratix/input/object.yaml /kratix/output/object-copy.yaml
if grep -q '^  size: large' /kratix/input/object.yaml; then echo 'stage two refuses large' >&2; exit 2; fi
grep -q '^  stage: one$' /kratix/input/object.yaml
printf 'stage: two\ncompleted: true\n' >/kratix/metadata/status.yaml
)";

class StatusE2E : public ferry::testing::PlatformFixture {
 protected:
  void SetUp() override {
    PlatformFixture::SetUp();
    write_file(dir.path() / "stage-one.sh", kStageOne);
    write_file(dir.path() / "stage-two.sh", kStageTwo);
    const std::filesystem::path images = std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures/images";
    write_file(config(), "images:\n  localhost/ferry-fixtures/redis-configure:dev: [/bin/sh, " +
                             (images / "redis-configure/redis-configure.sh").string() +
                             "]\n  localhost/ferry-fixtures/app-configure:dev: [/bin/sh, " +
                             (images / "app-configure/app-configure.sh").string() +
                             "]\n  localhost/ferry-test/stage-one:dev: [/bin/sh, " +
                             (dir.path() / "stage-one.sh").string() +
                             "]\n  localhost/ferry-test/stage-two:dev: [/bin/sh, " +
                             (dir.path() / "stage-two.sh").string() + "]\n");
    std::string redis = read_file(platform() / "promises/redis.yaml");
    const std::string image = "                image: localhost/ferry-fixtures/redis-configure:dev\n";
    redis.replace(redis.find(image), image.size(),
                  image +
                      "              - name: stage-one\n"
                      "                image: localhost/ferry-test/stage-one:dev\n"
                      "        - apiVersion: platform.kratix.io/v1alpha1\n"
                      "          kind: Pipeline\n"
                      "          metadata:\n"
                      "            name: stage-two\n"
                      "          spec:\n"
                      "            containers:\n"
                      "              - name: finish\n"
                      "                image: localhost/ferry-test/stage-two:dev\n");
    write_file(platform() / "promises/redis.yaml", redis);
  }
  std::filesystem::path config() const { return dir.path() / "exec.yaml"; }
  std::filesystem::path state() const { return platform() / ".ferry/state.git"; }
  FerryArgs runtime() const { return {"--runtime", "exec", "--exec-config", config().string()}; }

  static nlohmann::json request_entry(const nlohmann::json& report, const std::string& name) {
    for (const auto& r : report["requests"])
      if (r["name"] == name) return r;
    return nlohmann::json::object();
  }
  static nlohmann::json request_status(const nlohmann::json& report, const std::string& name) {
    return request_entry(report, name).value("status", nlohmann::json());
  }
  std::map<std::string, std::string> conditions(const nlohmann::json& status) {
    std::map<std::string, std::string> out;
    for (const auto& c : status["conditions"])
      out[c["type"].get<std::string>()] =
          c["status"].get<std::string>() + " " + c["reason"].get<std::string>();
    return out;
  }
  std::string state_file(const std::string& path) { return git(state(), "show state:" + path); }
};

TEST_F(StatusE2E, TwoPipelinesPassStatusAndItShowsEverywhere) {
  const auto [code, report] = reconcile(runtime());
  EXPECT_EQ(code, 3) << read_file(dir.path() / "stderr");  // cache-b's stage two fails
  const nlohmann::json a = request_status(report, "cache-a");
  EXPECT_EQ(a["stage"], "two");
  EXPECT_EQ(a["completed"], true);
  EXPECT_EQ(a["workflows"], 2);
  EXPECT_EQ(a["workflowsSucceeded"], 2);
  EXPECT_EQ(conditions(a)["ConfigureWorkflowCompleted"], "True PipelinesExecutedSuccessfully");
  EXPECT_EQ(conditions(a)["Reconciled"], "True Reconciled");
  // A failed second pipeline: Kratix's failure, and the first pipeline's status kept.
  const nlohmann::json b = request_status(report, "cache-b");
  EXPECT_EQ(b["stage"], "one");
  EXPECT_EQ(b["workflowsFailed"], 1);
  EXPECT_EQ(conditions(b)["ConfigureWorkflowCompleted"], "False ConfigureWorkflowFailed");
  EXPECT_EQ(b["conditions"][0]["message"], "A Configure Pipeline has failed: stage-two");

  const auto json =
      run_ferry(FerryArgs{"status", platform().string(), "default/cache-a", "--output", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.error_output;
  const nlohmann::json shown = nlohmann::json::parse(json.output)["requests"][0]["status"];
  EXPECT_EQ(shown["stage"], "two");
  EXPECT_EQ(shown["completed"], true);
  EXPECT_EQ(shown["workflowsSucceeded"], 2);
  EXPECT_EQ(conditions(shown)["Reconciled"], "True Reconciled");

  const auto yaml =
      run_ferry(FerryArgs{"status", platform().string(), "default/cache-a", "--output", "yaml"});
  const std::string published = state_file("status/default/redis/cache-a.yaml");
  EXPECT_EQ(yaml.output, "---\n" + published + "\n");  // git() drops the final newline
  EXPECT_NE(published.find("\n  stage: two\n"), std::string::npos) << published;
  EXPECT_NE(published.find("\n  completed: true\n"), std::string::npos) << published;
  EXPECT_NE(published.find("name: cache-a\n"), std::string::npos) << published;
  EXPECT_NE(state_file("status/team-b/redis/cache-b.yaml").find("reason: ConfigureWorkflowFailed"),
            std::string::npos);

  const auto text = run_ferry(FerryArgs{"status", platform().string(), "default/cache-a"});
  EXPECT_NE(text.output.find("conditions: ConfigureWorkflowCompleted True (PipelinesExecutedSuccessfully)"),
            std::string::npos)
      << text.output;
  EXPECT_NE(text.output.find("    stage: two\n"), std::string::npos) << text.output;
}

TEST_F(StatusE2E, ACounterCountsOverForcedRunsAndACopiedInputCarriesThePreviousStatus) {
  for (int expected = 1; expected <= 3; ++expected) {
    const auto [code, report] = reconcile(runtime() + FerryArgs{"--force"});
    EXPECT_EQ(request_status(report, "cache-a")["count"], expected) << read_file(dir.path() / "stderr");
    // The copy the second pipeline committed holds the status it was given: this run's count, the last
    // run's conditions and placements.
    const nlohmann::json placed = request_entry(report, "cache-a")["placements"];
    ASSERT_FALSE(placed.empty()) << report.dump();
    std::string copy;
    for (const auto& p : placed) {
      if (p["pipeline"] == "stage-two")
        copy = git(clusters(), "show main:" + p["path"].get<std::string>() + "/object-copy.yaml") + "\n";
    }
    EXPECT_NE(copy.find("  count: " + std::to_string(expected) + "\n"), std::string::npos) << copy;
    EXPECT_EQ(copy.find("placements:") != std::string::npos, expected > 1) << copy;
  }
}

TEST_F(StatusE2E, NothingChangedMakesNoStatusCommitAndOneChangeChangesOneFile) {
  // Every request succeeds (a failed one is tried again on every run, which changes its status).
  std::string two = kStageTwo;
  two.erase(two.find("if grep -q '^  size: large'"),
            two.find("grep -q '^  stage: one$'") - two.find("if grep -q '^  size: large'"));
  write_file(dir.path() / "stage-two.sh", two);
  reconcile(runtime());
  const std::string first = git(state(), "rev-parse state");
  reconcile(runtime());
  EXPECT_EQ(git(state(), "rev-parse state"), first);
  std::string requests = read_file(platform() / "requests/redis.yaml");
  requests.replace(requests.find("  size: small\n"), 14, "  size: small\n  fail: false\n");
  write_file(platform() / "requests/redis.yaml", requests);
  reconcile(runtime());
  EXPECT_EQ(git(state(), "diff --name-only " + first + " state -- status"),
            "status/default/redis/cache-a.yaml");
}

// docs/status.md, "Health": an agent on the worker commits a HealthRecord to the health folder of the
// Destination's directory; the next run, which reruns nothing for it, rolls it up into the request's status,
// shown by `ferry status` and published in the status tree.
TEST_F(StatusE2E, AHealthRecordCommittedToTheDestinationShowsInTheStatus) {
  reconcile(runtime());
  const std::filesystem::path clone = dir.path() / "agent";
  ASSERT_EQ(ferry::testing::run("git clone -q " + shell_quote(clusters().string()) + " " +
                                shell_quote(clone.string()))
                .exit_code,
            0);
  write_file(clone / "worker-dev/.ferry-health/cache-a.yaml",
             "apiVersion: platform.kratix.io/v1alpha1\nkind: HealthRecord\nmetadata:\n  name: cache-a-probe\n"
             "  namespace: default\ndata:\n  promiseRef: {name: redis}\n"
             "  resourceRef: {name: cache-a, namespace: default}\n  state: unhealthy\n  lastRun: 1738158772\n"
             "  details: {info: replica lag 30s}\n");
  ASSERT_EQ(ferry::testing::run("cd " + shell_quote(clone.string()) +
                                " && git add -A && git commit -qm health && git push -q origin HEAD:main")
                .exit_code,
            0);

  const auto [code, report] = reconcile(runtime());
  EXPECT_EQ(code, 3) << read_file(dir.path() / "stderr");  // cache-b's stage two fails again
  EXPECT_EQ(request_entry(report, "cache-a")["result"], "skipped");
  EXPECT_EQ(request_status(report, "cache-a")["healthStatus"]["state"], "unhealthy");

  const auto json =
      run_ferry(FerryArgs{"status", platform().string(), "default/cache-a", "--output", "json"});
  ASSERT_EQ(json.exit_code, 0) << json.error_output;
  const nlohmann::json health = nlohmann::json::parse(json.output)["requests"][0]["status"]["healthStatus"];
  EXPECT_EQ(health["state"], "unhealthy");
  ASSERT_EQ(health["healthRecords"].size(), 1u) << health.dump();
  EXPECT_EQ(health["healthRecords"][0]["source"]["name"], "cache-a-probe");
  EXPECT_EQ(health["healthRecords"][0]["lastRun"], 1738158772);
  EXPECT_EQ(health["healthRecords"][0]["details"]["info"], "replica lag 30s");

  const std::string published = state_file("status/default/redis/cache-a.yaml");
  EXPECT_NE(published.find("  healthStatus:\n    state: unhealthy\n"), std::string::npos) << published;
  const auto text = run_ferry(FerryArgs{"status", platform().string(), "default/cache-a"});
  EXPECT_NE(text.output.find("  health: unhealthy (default/cache-a-probe unhealthy)\n"), std::string::npos)
      << text.output;
}

// --publish-status: the status tree also goes to a GitStateStore of the platform, below the path given,
// in one commit per run that changes a status; nothing changed commits nothing there; a store the platform
// does not declare is refused before anything runs.
TEST_F(StatusE2E, TheStatusTreeIsPublishedToTheStoreAndPathTheUserNames) {
  std::string two = kStageTwo;  // every request succeeds: a failed one would run (and change) every time
  two.erase(two.find("if grep -q '^  size: large'"),
            two.find("grep -q '^  stage: one$'") - two.find("if grep -q '^  size: large'"));
  write_file(dir.path() / "stage-two.sh", two);
  write_file(platform() / "portal.yaml",
             "apiVersion: platform.kratix.io/v1alpha1\nkind: GitStateStore\nmetadata:\n  name: portal\n"
             "spec:\n  url: ../state/portal.git\n  branch: main\n  path: site\n");
  const std::filesystem::path portal = dir.path() / "state/portal.git";
  const auto refused =
      run_ferry(FerryArgs{"reconcile", platform().string(), "--publish-status", "nowhere"} + runtime());
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(
      refused.error_output.find("--publish-status names the GitStateStore \"nowhere\", which the "
                                "platform does not declare (it declares: portal, clusters, observability)"),
      std::string::npos)
      << refused.error_output;
  EXPECT_FALSE(std::filesystem::exists(state()));  // nothing ran, nothing was recorded

  const FerryArgs publish{"--publish-status", "portal:ferry/status"};
  const auto [code, report] = reconcile(runtime() + publish);
  ASSERT_EQ(code, 0) << read_file(dir.path() / "stderr");
  EXPECT_EQ(git(portal, "rev-list --count main"), "1");
  EXPECT_EQ(git(portal, "show main:site/ferry/status/default/redis/cache-a.yaml"),
            state_file("status/default/redis/cache-a.yaml"));
  // Each path of the state branch's status/, moved below site/ferry/.
  std::istringstream published(git(state(), "ls-tree -r --name-only state status"));
  std::string expected;
  for (std::string line; std::getline(published, line);)
    expected += (expected.empty() ? "" : "\n") + ("site/ferry/" + line);
  EXPECT_EQ(git(portal, "ls-tree -r --name-only main"), expected);

  reconcile(runtime() + publish);  // nothing changed: no commit there
  EXPECT_EQ(git(portal, "rev-list --count main"), "1");
  std::string requests = read_file(platform() / "requests/redis.yaml");
  requests.replace(requests.find("  size: small\n"), 14, "  size: small\n  fail: false\n");
  write_file(platform() / "requests/redis.yaml", requests);
  reconcile(runtime() + publish);  // one request's status changed: one commit, one file
  EXPECT_EQ(git(portal, "rev-list --count main"), "2");
  EXPECT_EQ(git(portal, "diff --name-only main~1 main"), "site/ferry/status/default/redis/cache-a.yaml");
}

}  // namespace
}  // namespace ferry

// The whole run against fakes: a recording container runtime that acts as the pipeline, and recording
// state stores. Real podman and git are covered by the integration and end-to-end tests.
#include "run/reconcile.h"

#include <gtest/gtest.h>

#include "tests/support/fake_reconcile.h"

namespace ferry::runner {
namespace {

using ferry::testing::write_file;
using namespace ferry::runner::test_platform;
using runtime::ContainerExit;
using runtime::ContainerRun;

class ReconcileTest : public FakeReconcileTest {
 protected:
  // Changes made on behalf of requests (the Promise's own change is applied every run too).
  std::vector<writer::Change> request_changes() const {
    std::vector<writer::Change> found;
    for (const auto& c : store.changes()) {
      if (!c.message.starts_with("Update from: promise ")) found.push_back(c);
    }
    return found;
  }

  void SetUp() override { write_test_platform(root()); }

  RunReport run(pipeline::RecordingRuntime::Behaviour behaviour) {
    ReconcileOptions options;
    options.container_timeout = std::chrono::seconds(5);
    return reconcile_root(options, std::move(behaviour));
  }

  // The test Promise with a promise.configure pipeline (platform_texts.h); `extra_spec` is inserted
  // before spec.workflows.
  void write_promise_with_configure_workflow(const std::string& extra_spec) {
    write_file(dir.path() / "platform/promise.yaml", promise_with_configure_pipeline(extra_spec));
  }

  // Acts as both workflows: the Promise's pipeline writes operator.yaml, the request's redis.yaml.
  static ContainerExit write_promise_and_request_outputs(const ContainerRun& run) {
    const bool promise_workflow = run.label.starts_with("promise-configure/");
    write_file(
        pipeline::host_path_of(run, "/kratix/output") / (promise_workflow ? "operator.yaml" : "redis.yaml"),
        "x\n");
    return ContainerExit{0, false, ""};
  }

  static ContainerExit write_outputs(const ContainerRun& run) {
    const auto out = pipeline::host_path_of(run, "/kratix/output");
    write_file(out / "redis.yaml", "kind: Redis\n");
    write_file(out / "extra/svc.yaml", "kind: Service\n");
    return ContainerExit{0, false, ""};
  }
};

// A request whose pipelines write no files has nothing to place: it succeeded with no output, every time it
// runs, never "unchanged".
TEST_F(ReconcileTest, ARequestWhosePipelinesWriteNothingSucceedsWithNoOutput) {
  const auto write_nothing = [](const ContainerRun&) { return ContainerExit{0, false, ""}; };
  for (int attempt = 0; attempt < 2; ++attempt) {
    const RunReport report = run(write_nothing);
    const RequestReport& r = report.requests.at(0);
    EXPECT_EQ(r.result, RequestResult::succeeded) << attempt;
    EXPECT_EQ(r.message, "no output: its pipelines wrote no files, so nothing was placed or committed");
    EXPECT_TRUE(r.placements.empty());
    EXPECT_TRUE(r.commits.empty());
  }
  EXPECT_TRUE(store.files().empty());
}

TEST_F(ReconcileTest, RunsThePipelineSchedulesByPromiseSelectorAndCommitsOnce) {
  const RunReport report = run(write_outputs);
  ASSERT_EQ(report.requests.size(), 1u);
  const RequestReport& r = report.requests[0];
  EXPECT_EQ(r.result, RequestResult::succeeded) << r.message;
  ASSERT_EQ(r.placements.size(), 1u);
  EXPECT_EQ(r.placements[0].destination, "dev");
  EXPECT_EQ(r.placements[0].path, "dev/resources/team-a/redis/cache/instance-configure/5058f");
  ASSERT_EQ(r.commits.size(), 1u);
  EXPECT_EQ(r.commits[0].sha, "fake-1");
  EXPECT_EQ(
      store.files(),
      (std::map<std::string, std::string>{
          {"dev/resources/team-a/redis/cache/instance-configure/5058f/extra/svc.yaml", "kind: Service\n"},
          {"dev/resources/team-a/redis/cache/instance-configure/5058f/redis.yaml", "kind: Redis\n"},
      }));
  EXPECT_EQ(store.commits().at(0).change.message,
            "Update from: redis team-a/cache\n\nFerry-Request: redis team-a/cache\nFerry-Promise: redis\n"
            "Ferry-Pipelines: instance-configure\n");
  const std::vector<ContainerRun> runs = runtime->runs();
  ASSERT_EQ(runs.size(), 1u);
  const ContainerRun& ran = runs[0];
  EXPECT_EQ(ran.image, "example/redis-configure:v1");
  EXPECT_EQ(ran.label, "instance-configure/generate");
}

TEST_F(ReconcileTest, SecondRunWithSameOutputIsUnchangedAndMakesNoCommit) {
  run(write_outputs);
  const RunReport second = run(write_outputs);
  EXPECT_EQ(second.requests[0].result, RequestResult::unchanged);
  EXPECT_EQ(store.commit_count(), 1u);
  EXPECT_EQ(exit_code_of(second), 0);
}

TEST_F(ReconcileTest, AGroupThatDisappearsIsRemovedInTheSameCommit) {
  run(write_outputs);
  run([](const ContainerRun& run) {
    write_file(pipeline::host_path_of(run, "/kratix/output") / "redis.yaml", "kind: Redis\n");
    return ContainerExit{0, false, ""};
  });
  EXPECT_EQ(store.files().size(), 1u);
  EXPECT_EQ(store.commit_count(), 2u);
}

TEST_F(ReconcileTest, FailingPipelineFailsTheRequestAndWritesNothing) {
  const RunReport report = run([](const ContainerRun&) { return ContainerExit{2, false, "line 1\nboom\n"}; });
  const RequestReport& r = report.requests[0];
  EXPECT_EQ(r.result, RequestResult::failed);
  EXPECT_NE(r.message.find("exited with code 2"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("boom"), std::string::npos) << r.message;
  EXPECT_TRUE(request_changes().empty());
  EXPECT_EQ(store.commit_count(), 0u);
  EXPECT_EQ(exit_code_of(report), 3);
}

TEST_F(ReconcileTest, NoMatchingDestinationLeavesTheRequestPending) {
  const RunReport report = run([](const ContainerRun& run) {
    write_file(pipeline::host_path_of(run, "/kratix/output") / "a.yaml", "a: 1\n");
    write_file(pipeline::host_path_of(run, "/kratix/metadata") / "destination-selectors.yaml",
               "- matchLabels: {region: mars}\n");
    return ContainerExit{0, false, ""};
  });
  const RequestReport& r = report.requests[0];
  EXPECT_EQ(r.result, RequestResult::pending);
  EXPECT_EQ(r.message,
            "pipeline \"instance-configure\" group \".\": no Destination matches env=dev,region=mars "
            "(2 Destinations checked)");
  EXPECT_TRUE(request_changes().empty());
  EXPECT_EQ(store.commit_count(), 0u);
  EXPECT_EQ(exit_code_of(report), 3);
}

// Seed 000: a Promise clusterSelector plus the pipeline's cluster-selectors.yaml, on Cluster objects.
TEST_F(ReconcileTest, OlderClusterApiSchedulesWithMergedSelectors) {
  write_file(dir.path() / "platform/destinations.yaml", R"(apiVersion: platform.kratix.io/v1alpha1
kind: Cluster
metadata: {name: eu-dev, labels: {env: dev, zone: eu}}
spec: {stateStoreRef: {name: default}}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Cluster
metadata: {name: us-dev, labels: {env: dev, zone: us}}
spec: {stateStoreRef: {name: default}}
)");
  std::string promise = kPromise;
  const std::string selectors = "  destinationSelectors:\n    - matchLabels: {env: dev}\n";
  promise.replace(promise.find(selectors), selectors.size(), "  clusterSelector: {env: dev}\n");
  write_file(dir.path() / "platform/promise.yaml", promise);
  const RunReport report = run([](const ContainerRun& run) {
    write_file(pipeline::host_path_of(run, "/kratix/output") / "a.yaml", "a: 1\n");
    write_file(pipeline::host_path_of(run, "/kratix/metadata") / "cluster-selectors.yaml", "zone: us\n");
    return ContainerExit{0, false, ""};
  });
  ASSERT_EQ(report.requests.at(0).placements.size(), 1u) << report.requests[0].message;
  EXPECT_EQ(report.requests[0].placements[0].destination, "us-dev");
  EXPECT_EQ(report.requests[0].placements[0].path,
            "us-dev/resources/team-a/redis/cache/instance-configure/5058f");
}

TEST_F(ReconcileTest, StatusMessageIsReportedAndSuspensionCommitsEarlierOutput) {
  const RunReport report = run([](const ContainerRun& run) {
    write_file(pipeline::host_path_of(run, "/kratix/output") / "redis.yaml", "kind: Redis\n");
    write_file(pipeline::host_path_of(run, "/kratix/metadata") / "status.yaml",
               "message: cache is warming\n");
    write_file(pipeline::host_path_of(run, "/kratix/metadata") / "workflow-control.yaml",
               "suspend: true\nmessage: waiting for a human\n");
    return ContainerExit{0, false, ""};
  });
  const RequestReport& r = report.requests.at(0);
  EXPECT_EQ(r.result, RequestResult::suspended);
  EXPECT_EQ(r.message, "pipeline \"instance-configure\" suspended the workflow: waiting for a human");
  EXPECT_EQ(r.status_message, "cache is warming");
  EXPECT_TRUE(r.placements.empty());  // Kratix writes no Work for the suspending pipeline
  EXPECT_EQ(exit_code_of(report), 0);
}

// A YAML alias bomb of `levels` anchors, each a list of ten copies of the one before: 10^levels nodes.
std::string alias_bomb(int levels) {
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < levels; ++i) {
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int copy = 0; copy < 10; ++copy) text += (copy ? ", *a" : "*a") + std::to_string(i - 1);
    text += "]\n";
  }
  return text;
}

// Issue 26: a recursive alias in a metadata file crashed ferry, and an alias bomb in status.yaml hung the
// run. Each fails the request whose pipeline wrote it, with the file and the alias located; the other
// request of the same run, which writes good files, commits.
TEST_F(ReconcileTest, AnAliasCycleOrBombInAMetadataFileFailsOnlyItsRequest) {
  write_file(dir.path() / "platform/bad.yaml", [] {
    std::string bad = kRequest;
    bad.replace(bad.find("name: cache"), 11, "name: bad-one");
    return bad;
  }());
  const std::string cycle = "spec: &s {self: *s}\n";
  const std::vector<std::pair<std::string, std::string>> hostile = {
      {"status.yaml", cycle},
      {"status.yaml", alias_bomb(7)},
      {"workflow-control.yaml", cycle},
      {"workflow-control.yaml", alias_bomb(7)},
      {"destination-selectors.yaml", "- &s {matchLabels: *s}\n"},
      {"destination-selectors.yaml", alias_bomb(7)},
  };
  for (const auto& [file, text] : hostile) {
    const RunReport report = run([&](const ContainerRun& run) {
      write_outputs(run);
      const std::string object =
          ferry::testing::read_file(pipeline::host_path_of(run, "/kratix/input") / "object.yaml");
      if (object.find("name: bad-one") != std::string::npos)
        write_file(pipeline::host_path_of(run, "/kratix/metadata") / file, text);
      return ContainerExit{0, false, ""};
    });
    ASSERT_EQ(report.requests.size(), 2u);
    for (const RequestReport& r : report.requests) {
      if (r.name == "bad-one") {
        EXPECT_EQ(r.result, RequestResult::failed) << file << ": " << r.message;
        EXPECT_NE(r.message.find("/kratix/metadata/" + file + ":"), std::string::npos) << r.message;
        EXPECT_NE(r.message.find("invalid YAML: "), std::string::npos) << r.message;
        EXPECT_NE(r.message.find("alias"), std::string::npos) << r.message;
      } else {
        EXPECT_TRUE(r.result == RequestResult::succeeded || r.result == RequestResult::unchanged)
            << file << ": " << r.message;
      }
    }
  }
}

TEST_F(ReconcileTest, ValueFromSecretsReachTheContainerAndNeverTheReport) {
  std::string promise = kPromise;
  promise.replace(promise.find("{name: generate, image: example/redis-configure:v1}"), 51,
                  "{name: generate, image: example/redis-configure:v1, env: [{name: TOKEN, valueFrom: "
                  "{secretKeyRef: {name: redis-creds, key: token}}}]}");
  write_file(dir.path() / "platform/promise.yaml", promise);
  const std::string token = "s3cr3t-t0ken-ferry";
  write_file(dir.path() / "secrets/redis-creds/token", token);
  std::string seen;
  const RunReport report = run([&](const ContainerRun& run) {
    for (const auto& var : run.env) {
      if (var.name == "TOKEN") seen = var.value;
    }
    return ContainerExit{1, false, "login with " + token + " refused\n"};
  });
  EXPECT_EQ(seen, token);
  const RequestReport& r = report.requests.at(0);
  EXPECT_EQ(r.result, RequestResult::failed);
  EXPECT_EQ(r.message.find(token), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("login with *** refused"), std::string::npos) << r.message;
}

// dev stops matching the Promise's env=dev; dev2 now does.
constexpr const char* kRelabelled = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: dev, labels: {env: test}}
spec: {path: dev, stateStoreRef: {name: default}}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: dev2, labels: {env: dev}}
spec: {path: dev2, stateStoreRef: {name: default}}
)";

TEST_F(ReconcileTest, MisplacedGroupIsKeptByDefaultAndReported) {
  run(write_outputs);
  write_file(dir.path() / "platform/destinations.yaml", kRelabelled);
  const RunReport report = run(write_outputs);
  const RequestReport& r = report.requests[0];
  EXPECT_EQ(r.result, RequestResult::unchanged);
  ASSERT_EQ(r.placements.size(), 1u);
  EXPECT_EQ(r.placements[0].destination, "dev");
  EXPECT_EQ(r.placements[0].misplaced, "Destination dev no longer matches env=dev");
  EXPECT_EQ(exit_code_of(report), 4);
  EXPECT_EQ(store.commit_count(), 1u);
}

TEST_F(ReconcileTest, MovePolicyMovesTheBundleInOneCommit) {
  run(write_outputs);
  write_file(dir.path() / "platform/destinations.yaml", kRelabelled);
  std::string promise = kPromise;
  promise.replace(promise.find("  name: redis\n"), 14,
                  "  name: redis\n  annotations: {ferry.dev/misplaced-placements: move}\n");
  write_file(dir.path() / "platform/promise.yaml", promise);
  const RunReport report = run(write_outputs);
  const RequestReport& r = report.requests[0];
  EXPECT_EQ(r.result, RequestResult::succeeded);
  EXPECT_EQ(r.placements.at(0).destination, "dev2");
  EXPECT_EQ(r.placements.at(0).moved_from, "dev");
  EXPECT_EQ(exit_code_of(report), 0);
  EXPECT_EQ(store.commit_count(), 2u);
  for (const auto& [path, content] : store.files()) EXPECT_TRUE(path.starts_with("dev2/")) << path;
  EXPECT_EQ(store.files().size(), 2u);
}

TEST_F(ReconcileTest, GroupOnARemovedDestinationIsKeptWhereItIs) {
  run(write_outputs);
  write_file(dir.path() / "platform/destinations.yaml", R"(apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: other, labels: {env: dev}}
spec: {path: other, stateStoreRef: {name: default}}
)");
  const RunReport report = run(write_outputs);
  const RequestReport& r = report.requests[0];
  ASSERT_EQ(r.placements.size(), 1u);
  EXPECT_EQ(r.placements[0].destination, "dev");
  EXPECT_EQ(r.placements[0].path, "dev/resources/team-a/redis/cache/instance-configure/5058f");
  EXPECT_EQ(r.placements[0].misplaced, "Destination dev is no longer declared");
  EXPECT_EQ(store.commit_count(), 1u);
}

// Static dependencies and promise.configure output go to every Destination the Promise selects, before
// any request runs; a Destination that stops matching loses them on the next run.
TEST_F(ReconcileTest, PromiseDependenciesAndWorkflowOutputGoToEveryMatchingDestination) {
  write_promise_with_configure_workflow(
      "  dependencies:\n"
      "    - {apiVersion: v1, kind: Namespace, metadata: {name: redis-system}}\n"
      "    - {apiVersion: v1, kind: ConfigMap, metadata: {name: redis-defaults}}\n");
  write_file(dir.path() / "platform/destinations.yaml", std::string(kDestinations) + R"(---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: dev-2, labels: {env: dev}}
spec: {path: dev-2, stateStoreRef: {name: default}}
)");
  const RunReport report = run(write_promise_and_request_outputs);
  ASSERT_EQ(report.promises.size(), 1u);
  EXPECT_EQ(report.promises[0].result, RequestResult::succeeded) << report.promises[0].message;
  const auto files = store.files();
  for (const char* d : {"dev", "dev-2"}) {
    EXPECT_EQ(files.at(std::string(d) + "/dependencies/redis/5058f/static/redis-dependencies.yaml"),
              "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: redis-system\n---\napiVersion: v1\n"
              "kind: ConfigMap\nmetadata:\n  name: redis-defaults\n");
    EXPECT_EQ(files.count(std::string(d) + "/dependencies/redis/promise-configure/5058f/operator.yaml"), 1u);
  }
  EXPECT_EQ(files.count("prod/dependencies/redis/5058f/static/redis-dependencies.yaml"), 0u);
  // The Promise's commit comes first, then the request's.
  ASSERT_EQ(store.commits().size(), 2u);
  EXPECT_TRUE(store.commits()[0].change.message.starts_with("Update from: promise redis\n"));

  // dev-2 stops matching: it loses the Promise's dependencies.
  write_file(dir.path() / "platform/destinations.yaml", std::string(kDestinations) + R"(---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: dev-2, labels: {env: test}}
spec: {path: dev-2, stateStoreRef: {name: default}}
)");
  run(write_promise_and_request_outputs);
  for (const auto& [path, content] : store.files())
    EXPECT_FALSE(path.starts_with("dev-2/dependencies/")) << path;
  EXPECT_EQ(store.files().count("dev/dependencies/redis/5058f/static/redis-dependencies.yaml"), 1u);
}

TEST_F(ReconcileTest, RequestsWaitForTheirPromise) {
  write_promise_with_configure_workflow("");
  const RunReport report = run([](const ContainerRun& run) {
    return ContainerExit{run.label.starts_with("promise-configure/") ? 1 : 0, false, "no operator\n"};
  });
  EXPECT_EQ(report.promises.at(0).result, RequestResult::failed);
  EXPECT_EQ(report.requests.at(0).result, RequestResult::pending);
  EXPECT_TRUE(report.requests[0].message.starts_with(
      "Promise redis is not available: pipeline \"promise-configure\""))
      << report.requests[0].message;
  EXPECT_EQ(runtime->runs().size(), 1u);  // the request's pipeline never ran
}

}  // namespace
}  // namespace ferry::runner

// What the command line and the objects' own labels steer in a whole run, against fakes: `ferry plan`'s
// KRATIX_DRY_RUN, --no-network, and a Promise whose destinationSelectors match no Destination.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/support/fake_reconcile.h"

namespace ferry::runner {
namespace {

using ferry::testing::write_file;
using namespace ferry::runner::test_platform;
using runtime::ContainerExit;
using runtime::ContainerRun;

// The test Promise's request pipeline asks for the engine's network.
std::string promise_with_network_pipeline() {
  std::string promise = kPromise;
  const std::string name = "metadata: {name: instance-configure}";
  promise.replace(promise.find(name), name.size(),
                  "metadata: {name: instance-configure, annotations: {ferry.dev/network: \"true\"}}");
  return promise;
}

bool has_env(const ContainerRun& run, const std::string& name, const std::string& value) {
  return std::any_of(run.env.begin(), run.env.end(),
                     [&](const runtime::EnvVar& e) { return e.name == name && e.value == value; });
}

class RunControlsTest : public FakeReconcileTest {
 protected:
  void SetUp() override { write_test_platform(root()); }

  RunReport run_with(ReconcileOptions options, pipeline::RecordingRuntime::Behaviour behaviour) {
    return reconcile_root(std::move(options), std::move(behaviour));
  }

  RunReport run_with(ReconcileOptions options) {
    return run_with(std::move(options), [](const ContainerRun& run) {
      write_file(pipeline::host_path_of(run, "/kratix/output") / "out.yaml", "x\n");
      return ContainerExit{0, false, ""};
    });
  }
};

// `ferry plan` (dry_run) gives every container KRATIX_DRY_RUN=true, as Kratix's dry run does; a reconcile
// gives none.
TEST_F(RunControlsTest, ADryRunGivesEveryContainerKratixDryRun) {
  ReconcileOptions plan;
  plan.dry_run = true;
  run_with(plan);
  ASSERT_EQ(runtime->runs().size(), 1u);
  EXPECT_TRUE(has_env(runtime->runs()[0], "KRATIX_DRY_RUN", "true"));
  EXPECT_EQ(runtime->runs()[0].env.back().name, "KRATIX_DRY_RUN");  // after the other KRATIX_* values

  run_with(ReconcileOptions{});
  ASSERT_EQ(runtime->runs().size(), 1u);
  const std::vector<runtime::ContainerRun> runs = runtime->runs();  // a copy: the range must outlive the loop
  for (const runtime::EnvVar& var : runs[0].env) EXPECT_NE(var.name, "KRATIX_DRY_RUN");
}

// --no-network takes the network from a Pipeline that asks for it; without it the Pipeline has it.
TEST_F(RunControlsTest, NoNetworkOverridesThePipelinesNetworkAnnotation) {
  write_file(dir.path() / "platform/promise.yaml", promise_with_network_pipeline());
  run_with(ReconcileOptions{});
  ASSERT_EQ(runtime->runs().size(), 1u);
  EXPECT_TRUE(runtime->runs()[0].network);

  ReconcileOptions no_network;
  no_network.no_network = true;
  run_with(no_network);
  ASSERT_EQ(runtime->runs().size(), 1u);
  EXPECT_FALSE(runtime->runs()[0].network);
}

// The test Promise selecting env=qa, which no Destination has until `add_qa_destination`, with a static
// dependency.
std::string promise_for_qa() {
  std::string promise = kPromise;
  promise.replace(promise.find("{env: dev}"), 10, "{env: qa}");
  promise.replace(promise.find("  workflows:\n"), 13,
                  "  dependencies:\n    - {apiVersion: v1, kind: Namespace, metadata: {name: redis-system}}\n"
                  "  workflows:\n");
  return promise;
}

constexpr const char* kQaDestination = R"(---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: qa, labels: {env: qa}}
spec: {path: qa, stateStoreRef: {name: default}}
)";

// Kratix leaves a Promise's Work that no Destination takes unscheduled and the Promise available, so its
// requests run (their own groups then wait too); the next run after a matching Destination appears places
// both.
TEST_F(RunControlsTest, APromiseMatchingNoDestinationWaitsAndItsRequestsRun) {
  write_file(dir.path() / "platform/promise.yaml", promise_for_qa());
  const RunReport waiting = run_with(ReconcileOptions{});
  const RequestReport& promise = waiting.promises.at(0);
  EXPECT_EQ(promise.result, RequestResult::unchanged);  // nothing to write anywhere yet
  EXPECT_EQ(
      promise.message,
      "waiting for a Destination: dependencies: no Destination matches env=qa (2 Destinations checked)");
  EXPECT_EQ(runtime->runs().size(), 1u);  // the request's pipeline ran
  const RequestReport& request = waiting.requests.at(0);
  EXPECT_EQ(request.result, RequestResult::pending);
  EXPECT_EQ(request.message,
            "pipeline \"instance-configure\" group \".\": no Destination matches env=qa (2 Destinations "
            "checked)");
  EXPECT_TRUE(store.files().empty());

  write_file(dir.path() / "platform/destinations.yaml", std::string(kDestinations) + kQaDestination);
  const RunReport placed = run_with(ReconcileOptions{});
  EXPECT_EQ(placed.promises.at(0).result, RequestResult::succeeded) << placed.promises[0].message;
  EXPECT_EQ(placed.promises[0].message, "");
  EXPECT_EQ(placed.requests.at(0).result, RequestResult::succeeded) << placed.requests[0].message;
  EXPECT_EQ(store.files().count("qa/dependencies/redis/5058f/static/redis-dependencies.yaml"), 1u);
  EXPECT_EQ(store.files().count("qa/resources/team-a/redis/cache/instance-configure/5058f/out.yaml"), 1u);
}

// A promise.configure group that no Destination takes waits while the static dependencies are placed.
TEST_F(RunControlsTest, OnlyTheGroupsNoDestinationTakesWait) {
  write_file(dir.path() / "platform/promise.yaml",
             promise_with_configure_pipeline(
                 "  dependencies:\n"
                 "    - {apiVersion: v1, kind: Namespace, metadata: {name: redis-system}}\n"));
  const RunReport report = run_with(ReconcileOptions{}, [](const ContainerRun& run) {
    const auto metadata = pipeline::host_path_of(run, "/kratix/metadata");
    write_file(pipeline::host_path_of(run, "/kratix/output") / "qa/operator.yaml", "x\n");
    write_file(metadata / "destination-selectors.yaml", "- directory: qa\n  matchLabels: {env: qa}\n");
    return ContainerExit{0, false, ""};
  });
  const RequestReport& r = report.promises.at(0);
  EXPECT_EQ(r.result, RequestResult::succeeded);
  EXPECT_EQ(r.message,
            "waiting for a Destination: pipeline \"promise-configure\" group \"qa\": no Destination matches "
            "env=qa (2 Destinations checked)");
  EXPECT_EQ(store.files().count("dev/dependencies/redis/5058f/static/redis-dependencies.yaml"), 1u);
}

}  // namespace
}  // namespace ferry::runner

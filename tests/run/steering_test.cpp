// The labels and annotation users put on objects to steer an incremental run, against fakes, with Kratix's
// meaning as a batch run can give it (docs/state.md, "Steering labels"): kratix.io/paused,
// kratix.io/manual-reconciliation, a Promise's kratix.io/reconcile-resources, and the reconciliation interval
// of a Promise's kratix.io/reconciliation-interval annotation or spec.workflows.config.
#include <gtest/gtest.h>

#include "platform/loader.h"
#include "run/reconcile.h"
#include "tests/support/fake_reconcile.h"
#include "tests/support/platform_texts.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/shared_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;
using namespace std::chrono_literals;
using runtime::ContainerExit;
using runtime::ContainerRun;

// `text` (a whole object) with `metadata_lines` added under its metadata, each indented by two spaces.
std::string with_metadata(std::string text, const std::string& metadata_lines) {
  const auto at = text.find("metadata:\n") + 10;
  text.insert(at, metadata_lines);
  return text;
}

std::string request_labelled(const std::string& labels) {
  return with_metadata(kRequest, "  labels: {" + labels + "}\n");
}

std::string promise_with(const std::string& metadata_lines) {
  return with_metadata(kPromise, metadata_lines);
}

class SteeringTest : public ::testing::Test {
 protected:
  void SetUp() override { write_test_platform(dir.path() / "platform"); }

  RunReport run(std::chrono::system_clock::time_point now) {
    runtime = std::make_unique<pipeline::RecordingRuntime>(write_redis_output);
    ReconcileOptions options{dir.path() / "scratch", 2, std::chrono::seconds(5), nullptr};
    options.state = &state;
    options.selection = {false, std::chrono::hours(10), now};
    return reconcile_with_fakes(dir.path() / "platform", *runtime, store, options);
  }

  const std::chrono::system_clock::time_point t0 = *parse_rfc3339_utc("2026-11-22T08:00:00Z");
  TempDir dir;
  std::unique_ptr<pipeline::RecordingRuntime> runtime;
  writer::RecordingStateStore store{"destinations"};
  writer::RecordingStateStore state{"state"};
};

// kratix.io/paused: "true" on a request: not run, reported paused with its recorded placements, its files
// kept; when the label goes, the next run runs it ("unpaused"), as Kratix reruns it from the start.
TEST_F(SteeringTest, APausedRequestIsNotRunUntilTheLabelGoes) {
  run(t0);
  const auto files = store.files();
  write_file(dir.path() / "platform/request.yaml", request_labelled("kratix.io/paused: \"true\""));
  const RunReport paused = run(t0 + 11h);  // past the interval: it would run
  const RequestReport& r = paused.requests.at(0);
  EXPECT_EQ(r.result, RequestResult::paused);
  EXPECT_EQ(r.message, "kratix.io/paused is \"true\": not reconciled until the label goes");
  ASSERT_EQ(r.placements.size(), 1u);
  EXPECT_TRUE(runtime->runs().empty());
  EXPECT_EQ(store.files(), files);

  write_file(dir.path() / "platform/request.yaml", kRequest);
  const RunReport unpaused = run(t0 + 12h);
  EXPECT_EQ(unpaused.requests.at(0).result, RequestResult::unchanged);
  EXPECT_EQ(runtime->runs().size(), 1u);  // it ran
}

// A paused Promise pauses its requests too (Kratix checks the Promise's label for them).
TEST_F(SteeringTest, APausedPromisePausesItsRequests) {
  write_file(dir.path() / "platform/promise.yaml", promise_with("  labels: {kratix.io/paused: \"true\"}\n"));
  const RunReport report = run(t0);
  EXPECT_EQ(report.promises.at(0).result, RequestResult::paused);
  EXPECT_EQ(report.requests.at(0).result, RequestResult::paused);
  EXPECT_EQ(report.requests[0].message, "its Promise redis is paused");
  EXPECT_TRUE(runtime->runs().empty());
  EXPECT_TRUE(store.files().empty());
}

// A label that is not "true" steers nothing, as Kratix compares the value.
TEST_F(SteeringTest, OnlyTheValueTrueCounts) {
  write_file(dir.path() / "platform/request.yaml", request_labelled("kratix.io/paused: \"yes\""));
  EXPECT_EQ(run(t0).requests.at(0).result, RequestResult::succeeded);
}

// kratix.io/manual-reconciliation: "true" runs an unchanged request without --force, once: ferry cannot
// remove the label as Kratix does, so it runs the request when the label comes and when it goes.
TEST_F(SteeringTest, ManualReconciliationRunsAnUnchangedRequestOnce) {
  run(t0);
  write_file(dir.path() / "platform/request.yaml",
             request_labelled("kratix.io/manual-reconciliation: \"true\""));
  run(t0 + 1h);
  EXPECT_EQ(runtime->runs().size(), 1u);
  run(t0 + 2h);
  EXPECT_TRUE(runtime->runs().empty());  // once per value
  write_file(dir.path() / "platform/request.yaml", kRequest);
  run(t0 + 3h);
  EXPECT_EQ(runtime->runs().size(), 1u);
}

// kratix.io/reconcile-resources: "true" on a Promise runs the Promise and every request of it again.
TEST_F(SteeringTest, ReconcileResourcesRunsEveryRequestOfThePromise) {
  run(t0);
  write_file(dir.path() / "platform/promise.yaml",
             promise_with("  labels: {kratix.io/reconcile-resources: \"true\"}\n"));
  const RunReport report = run(t0 + 1h);
  EXPECT_EQ(report.requests.at(0).result, RequestResult::unchanged);
  EXPECT_EQ(runtime->runs().size(), 1u);
}

// The Promise's annotation kratix.io/reconciliation-interval is its requests' interval, and the Promise's:
// 30m instead of the run's 10h.
TEST_F(SteeringTest, ThePromisesIntervalAnnotationIsItsRequestsInterval) {
  write_file(dir.path() / "platform/promise.yaml",
             promise_with("  annotations: {kratix.io/reconciliation-interval: 30m}\n"));
  run(t0);
  const RunReport early = run(t0 + 29min);
  EXPECT_EQ(early.requests.at(0).result, RequestResult::skipped);
  EXPECT_TRUE(runtime->runs().empty());
  const RunReport due = run(t0 + 31min);
  EXPECT_EQ(due.requests.at(0).result, RequestResult::unchanged);
  EXPECT_EQ(runtime->runs().size(), 1u);
}

// spec.workflows.config.reconciliationInterval sets it too; the annotation wins over it (Kratix's
// precedence).
TEST_F(SteeringTest, WorkflowsConfigSetsTheIntervalAndTheAnnotationWins) {
  std::string promise = kPromise;
  promise.replace(promise.find("  workflows:\n"), 13,
                  "  workflows:\n    config: {reconciliationInterval: 2h, pipelineNamespace: pipelines}\n");
  write_file(dir.path() / "platform/promise.yaml", promise);
  run(t0);
  EXPECT_TRUE(run(t0 + 119min).requests.at(0).result == RequestResult::skipped);
  EXPECT_EQ(run(t0 + 121min).requests.at(0).result, RequestResult::unchanged);

  write_file(dir.path() / "platform/promise.yaml",
             with_metadata(promise, "  annotations: {kratix.io/reconciliation-interval: 5h}\n"));
  run(t0 + 3h);  // the Promise's text changed: everything runs
  EXPECT_EQ(run(t0 + 3h + 4h).requests.at(0).result, RequestResult::skipped);
  EXPECT_EQ(run(t0 + 3h + 5h).requests.at(0).result, RequestResult::unchanged);
}

// Less than Kratix's webhook minimum of 1m is refused where it is written.
TEST_F(SteeringTest, AnIntervalUnderOneMinuteIsRefused) {
  write_file(dir.path() / "platform/promise.yaml",
             promise_with("  annotations: {kratix.io/reconciliation-interval: 30s}\n"));
  const LoadResult loaded = load_platform(dir.path() / "platform");
  ASSERT_GE(loaded.errors.size(), 1u);  // then its request, whose Promise is missing
  EXPECT_EQ(
      loaded.errors[0].render(),
      (dir.path() / "platform/promise.yaml").string() +
          ":4:52: kratix.io/reconciliation-interval must be at least 1m (Kratix's webhook refuses less), "
          "found \"30s\"");
}

// spec.workflows.config.pipelineNamespace must be a namespace name.
TEST_F(SteeringTest, APipelineNamespaceMustBeANamespaceName) {
  std::string promise = kPromise;
  promise.replace(promise.find("  workflows:\n"), 13,
                  "  workflows:\n    config: {pipelineNamespace: Pipelines}\n");
  write_file(dir.path() / "platform/promise.yaml", promise);
  const LoadResult loaded = load_platform(dir.path() / "platform");
  ASSERT_GE(loaded.errors.size(), 1u);  // then its request, whose Promise is missing
  EXPECT_EQ(
      loaded.errors[0].render(),
      (dir.path() / "platform/promise.yaml").string() +
          ":19:33: \"spec.workflows.config.pipelineNamespace\" \"Pipelines\" is not a valid namespace: it "
          "contains 'P'; use at most 63 lower-case letters, digits and '-', starting and ending with a "
          "letter or digit (an RFC 1123 label)");
}

// The test Destinations with `spec.cleanup` set on dev.
std::string destinations_with_dev_cleanup(const std::string& cleanup) {
  std::string destinations = kDestinations;
  const std::string dev = "  path: dev\n";
  destinations.replace(destinations.find(dev), dev.size(), dev + "  cleanup: " + cleanup + "\n");
  return destinations;
}

// The test Destinations without dev.
std::string destinations_without_dev() {
  const std::string all = kDestinations;
  return all.substr(all.find("---\n") + 4);
}

// A Destination with cleanup: all that leaves the platform loses every file ferry wrote for it, in one
// commit; its record in the state goes with it. Its request has no Destination left and waits (pending).
TEST_F(SteeringTest, ADestinationWithCleanupAllLosesItsFilesWhenItGoes) {
  write_file(dir.path() / "platform/destinations.yaml", destinations_with_dev_cleanup("all"));
  run(t0);
  ASSERT_EQ(store.files().count("dev/resources/team-a/redis/cache/instance-configure/5058f/redis.yaml"), 1u);
  ASSERT_EQ(state.files().count("destinations/dev/cleanup.json"), 1u);
  const std::size_t commits = store.commit_count();

  write_file(dir.path() / "platform/destinations.yaml", destinations_without_dev());
  const RunReport report = run(t0 + 1h);
  EXPECT_EQ(report.destination_cleanups,
            std::vector<std::string>{
                "Destination dev (cleanup: all): its files removed from default@main in fake-2"});
  EXPECT_EQ(report.requests.at(0).result, RequestResult::pending);
  for (const auto& [path, content] : store.files()) EXPECT_FALSE(path.starts_with("dev/")) << path;
  EXPECT_EQ(store.commit_count(), commits + 1);
  EXPECT_EQ(state.files().count("destinations/dev/cleanup.json"), 0u);
}

// spec.cleanup takes Kratix's two values, and `all` not with filepath mode none.
TEST_F(SteeringTest, CleanupIsNoneOrAllAndNotAllWithModeNone) {
  write_file(dir.path() / "platform/destinations.yaml", destinations_with_dev_cleanup("sometimes"));
  LoadResult loaded = load_platform(dir.path() / "platform");
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].render(),
            (dir.path() / "platform/destinations.yaml").string() +
                ":8:12: \"spec.cleanup\" must be one of none, all, found \"sometimes\"");
  write_file(dir.path() / "platform/destinations.yaml",
             destinations_with_dev_cleanup("all\n  filepath: {mode: none}"));
  loaded = load_platform(dir.path() / "platform");
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].render(),
            (dir.path() / "platform/destinations.yaml").string() +
                ":8:12: \"spec.cleanup: all\" is not supported with \"spec.filepath.mode: none\"; use "
                "nestedByMetadata or aggregatedYAML, or cleanup none");
}

// cleanup: none (the default) leaves the files, as Kratix does.
TEST_F(SteeringTest, ADestinationWithoutCleanupKeepsItsFilesWhenItGoes) {
  write_file(dir.path() / "platform/destinations.yaml", destinations_with_dev_cleanup("none"));
  run(t0);
  const auto files = store.files();
  write_file(dir.path() / "platform/destinations.yaml", destinations_without_dev());
  const RunReport report = run(t0 + 1h);
  EXPECT_TRUE(report.destination_cleanups.empty());
  EXPECT_EQ(store.files(), files);
}

}  // namespace
}  // namespace ferry::runner

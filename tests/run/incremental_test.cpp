// Incremental runs against fakes: what a run records, what the next run skips or runs again, and delete
// workflows for what disappeared from the platform repository.
#include <gtest/gtest.h>

#include "core/md5.h"
#include "pipeline/duration.h"
#include "pipeline/spec_hash.h"
#include "platform/loader.h"
#include "run/reconcile.h"
#include "tests/support/platform_texts.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/shared_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::read_file;
using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;
using namespace std::chrono_literals;
using runtime::ContainerExit;
using runtime::ContainerRun;

// The test Promise with a resource.delete workflow whose pipeline is "instance-delete".
std::string promise_with_delete_workflow() {
  std::string promise = kPromise;
  promise += R"(      delete:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: instance-delete}
          spec:
            containers:
              - {name: teardown, image: example/redis-delete:v1}
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: never-runs}
          spec:
            containers:
              - {name: other, image: example/other:v1}
)";
  return promise;
}

class IncrementalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "platform/stores.yaml", kStore);
    write_file(dir.path() / "platform/destinations.yaml", kDestinations);
    write_file(dir.path() / "platform/promise.yaml", promise_with_delete_workflow());
    write_file(dir.path() / "platform/request.yaml", kRequest);
  }

  RunReport run(std::chrono::system_clock::time_point now, bool force = false) {
    LoadResult loaded = load_platform(dir.path() / "platform");
    EXPECT_TRUE(loaded.errors.empty());
    runtime = std::make_unique<pipeline::RecordingRuntime>([this](const ContainerRun& r) { return act(r); });
    for (const auto& [image, digest] : image_digests) runtime->set_image_digest(image, digest);
    StoreOpener opener = [this](const GitStateStore&) -> Result<std::unique_ptr<writer::StateStore>> {
      return std::unique_ptr<writer::StateStore>(std::make_unique<SharedStore>(store));
    };
    std::filesystem::create_directories(dir.path() / "scratch");
    ReconcileOptions options{dir.path() / "scratch", 2, std::chrono::seconds(5), nullptr};
    options.state = &state;
    options.selection = {force, std::chrono::hours(10), now};
    options.max_deletions = max_deletions;
    auto report = reconcile(loaded.platform, *runtime, opener, options);
    EXPECT_TRUE(report.ok()) << report.error().render();
    return *report;
  }

  // The configure pipeline writes redis.yaml with the request's size; the delete pipeline keeps the
  // object it was given; `exit_code` makes every container fail.
  ContainerExit act(const ContainerRun& r) {
    if (r.label.starts_with("instance-delete/")) {
      deleted_object = read_file(pipeline::host_path_of(r, "/kratix/input") / "object.yaml");
    } else {
      write_file(pipeline::host_path_of(r, "/kratix/output") / "redis.yaml", "kind: Redis\n");
      if (suspend) {
        write_file(pipeline::host_path_of(r, "/kratix/metadata") / "workflow-control.yaml",
                   "suspend: true\nretryAfter: 30m\nmessage: waiting for approval\n");
      }
    }
    return ContainerExit{exit_code, false, exit_code == 0 ? "" : "boom"};
  }

  const std::chrono::system_clock::time_point t0 = *parse_rfc3339_utc("2026-11-22T08:00:00Z");
  TempDir dir;
  std::unique_ptr<pipeline::RecordingRuntime> runtime;
  writer::RecordingStateStore store{"destinations"};
  writer::RecordingStateStore state{"state"};
  std::string deleted_object;
  int exit_code = 0;
  std::optional<std::size_t> max_deletions;  // --max-deletions; the deletion guard's defaults when unset
  bool suspend = false;                      // the configure pipeline suspends its workflow for 30 minutes
  std::map<std::string, std::string> image_digests;  // what the runtime says of them ("": it cannot tell)
};

TEST_F(IncrementalTest, TheFirstRunRecordsEachObjectWithItsPlacements) {
  const RunReport report = run(t0);
  EXPECT_EQ(report.requests.at(0).result, RequestResult::succeeded);
  const auto files = state.files();
  ASSERT_TRUE(files.contains("requests/redis/team-a/cache/record.json"));
  ASSERT_TRUE(files.contains("promises/redis/record.json"));
  auto record = parse_record(files.at("requests/redis/team-a/cache/record.json"), "r");
  ASSERT_TRUE(record.ok()) << record.error().render();
  EXPECT_EQ(record->last_run, "2026-11-22T08:00:00Z");
  EXPECT_EQ(record->object_yaml, kRequest);
  ASSERT_EQ(record->placements.size(), 1u);
  EXPECT_EQ(record->placements[0].path, "dev/resources/team-a/redis/cache/instance-configure/5058f");
}

TEST_F(IncrementalTest, AnUnchangedPlatformStartsNoContainerAndMakesNoCommit) {
  run(t0);
  const std::size_t commits = store.commit_count(), state_commits = state.commit_count();
  const RunReport second = run(t0 + 1h);
  EXPECT_TRUE(runtime->runs().empty());
  EXPECT_EQ(store.commit_count(), commits);
  EXPECT_EQ(state.commit_count(), state_commits);
  const RequestReport& r = second.requests.at(0);
  EXPECT_EQ(r.result, RequestResult::skipped);
  EXPECT_EQ(r.message, "unchanged since 2026-11-22T08:00:00Z");
  ASSERT_EQ(r.placements.size(), 1u);  // the recorded ones
  EXPECT_EQ(second.promises.at(0).result, RequestResult::skipped);
  EXPECT_EQ(exit_code_of(second), 0);
}

TEST_F(IncrementalTest, ARunAsksTheStateStoreToPackItsLooseObjectsOnlyAfterRecordingACommit) {
  run(t0);
  using Request = std::pair<std::size_t, std::size_t>;  // (commits made by then, at_least)
  EXPECT_EQ(state.pack_requests(), (std::vector<Request>{{1, 1000}}));
  run(t0 + 1h);  // nothing changed: no state commit, so nothing new to pack
  EXPECT_EQ(state.pack_requests(), (std::vector<Request>{{1, 1000}}));
}

TEST_F(IncrementalTest, AChangedSpecRunsOnlyThatRequest) {
  run(t0);
  std::string other = kRequest;
  other.replace(other.find("name: cache"), 11, "name: other");
  write_file(dir.path() / "platform/other.yaml", other);
  run(t0 + 1h);
  ASSERT_EQ(runtime->runs().size(), 1u);
  write_file(dir.path() / "platform/request.yaml", std::string(kRequest) + "  replicas: 3\n");
  const RunReport third = run(t0 + 2h);
  ASSERT_EQ(runtime->runs().size(), 1u);
  ASSERT_EQ(third.requests.size(), 2u);
  for (const RequestReport& r : third.requests) {
    // cache ran (with the same output, so no commit); other was skipped
    EXPECT_EQ(r.result, r.name == "cache" ? RequestResult::unchanged : RequestResult::skipped) << r.name;
  }
}

TEST_F(IncrementalTest, AnImageRebuiltUnderTheSameTagRunsItsObjectsAgain) {
  image_digests["example/redis-configure:v1"] = "sha256:first";
  run(t0);
  run(t0 + 1h);
  EXPECT_TRUE(runtime->runs().empty());
  image_digests["example/redis-configure:v1"] = "sha256:rebuilt";
  const RunReport rebuilt = run(t0 + 2h);
  EXPECT_EQ(runtime->runs().size(), 1u);                               // the request's configure pipeline
  EXPECT_EQ(rebuilt.requests.at(0).result, RequestResult::unchanged);  // it ran; its output is the same
  run(t0 + 3h);
  EXPECT_TRUE(runtime->runs().empty());
}

TEST_F(IncrementalTest, AnImageWhoseDigestTheRuntimeCannotTellIsAnInputByNameOnly) {
  image_digests["example/redis-configure:v1"] = "";
  image_digests["example/redis-delete:v1"] = "";
  image_digests["example/other:v1"] = "";
  run(t0);
  run(t0 + 1h);
  EXPECT_TRUE(runtime->runs().empty());
}

TEST_F(IncrementalTest, ForceAndTheReconciliationIntervalRunEverything) {
  run(t0);
  run(t0 + 1h, /*force=*/true);
  EXPECT_EQ(runtime->runs().size(), 1u);
  run(t0 + 1h);
  EXPECT_TRUE(runtime->runs().empty());
  const RunReport late = run(t0 + 11h);  // the record of the forced run is from t0 + 1h
  EXPECT_EQ(runtime->runs().size(), 1u);
  EXPECT_EQ(late.requests.at(0).result, RequestResult::unchanged);
}

TEST_F(IncrementalTest, AFailedRequestIsRetriedByTheNextRun) {
  exit_code = 1;
  EXPECT_EQ(run(t0).requests.at(0).result, RequestResult::failed);
  exit_code = 0;
  const RunReport second = run(t0 + 1min);
  EXPECT_EQ(runtime->runs().size(), 1u);
  EXPECT_EQ(second.requests.at(0).result, RequestResult::succeeded);
}

TEST_F(IncrementalTest, ASuspendedRequestWaitsForItsRetryTimeThenRunsAgain) {
  suspend = true;
  const RunReport first = run(t0);
  EXPECT_EQ(first.requests.at(0).result, RequestResult::suspended);
  EXPECT_EQ(first.requests.at(0).retry_at, "2026-11-22T08:30:00Z");
  const RunReport waiting = run(t0 + 10min);
  EXPECT_EQ(runtime->runs().size(), 0u);
  EXPECT_EQ(waiting.requests.at(0).result, RequestResult::suspended);
  suspend = false;
  const RunReport resumed = run(t0 + 31min);
  EXPECT_EQ(runtime->runs().size(), 1u);
  EXPECT_EQ(resumed.requests.at(0).result, RequestResult::succeeded);
}

TEST_F(IncrementalTest, ARemovedRequestRunsItsFirstDeletePipelineThenLosesItsBundlesAndRecord) {
  run(t0);
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  const RunReport report = run(t0 + 1h);
  const std::vector<ContainerRun> runs = runtime->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].label, "instance-delete/teardown");
  EXPECT_TRUE(deleted_object.starts_with(kRequest)) << deleted_object;  // plus the status Kratix adds
  ASSERT_EQ(report.requests.size(), 1u);
  EXPECT_EQ(report.requests[0].result, RequestResult::deleted);
  EXPECT_EQ(store.files(), (std::map<std::string, std::string>{}));
  EXPECT_EQ(store.commits().back().change.message,
            "Delete from: redis team-a/cache\n\nFerry-Request: redis team-a/cache\nFerry-Promise: redis\n");
  EXPECT_FALSE(state.files().contains("requests/redis/team-a/cache/record.json"));
  EXPECT_TRUE(run(t0 + 2h).requests.empty());
}

TEST_F(IncrementalTest, ARemovedPromiseDeletesItsRequestsFirstUsingItsRecordedWorkflows) {
  run(t0);
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  std::filesystem::remove(dir.path() / "platform/promise.yaml");
  max_deletions = 2;  // the whole platform goes: the deletion guard asks for it to be said
  const RunReport report = run(t0 + 1h);
  ASSERT_EQ(runtime->runs().size(), 1u);
  EXPECT_EQ(runtime->runs()[0].label, "instance-delete/teardown");
  ASSERT_EQ(report.requests.size(), 1u);
  EXPECT_EQ(report.requests[0].result, RequestResult::deleted);
  ASSERT_EQ(report.promises.size(), 1u);
  EXPECT_EQ(report.promises[0].name, "redis");
  EXPECT_EQ(report.promises[0].result, RequestResult::deleted);
  EXPECT_EQ(state.files().size(), 1u);  // only the store's record (recorded_stores.h) is left
  EXPECT_EQ(state.files().begin()->first.substr(0, 7), "stores/");
}

TEST_F(IncrementalTest, AFailedDeletePipelineRemovesNothingAndIsRetried) {
  run(t0);
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  exit_code = 1;
  const RunReport failed = run(t0 + 1h);
  EXPECT_EQ(failed.requests.at(0).result, RequestResult::failed);
  EXPECT_EQ(store.files().size(), 1u);
  EXPECT_EQ(exit_code_of(failed), 3);
  exit_code = 0;
  EXPECT_EQ(run(t0 + 2h).requests.at(0).result, RequestResult::deleted);
  EXPECT_TRUE(store.files().empty());
}

TEST_F(IncrementalTest, WithoutAStateStoreEverythingRunsAndNothingIsDeleted) {
  LoadResult loaded = load_platform(dir.path() / "platform");
  pipeline::RecordingRuntime recording([this](const ContainerRun& r) { return act(r); });
  StoreOpener opener = [this](const GitStateStore&) -> Result<std::unique_ptr<writer::StateStore>> {
    return std::unique_ptr<writer::StateStore>(std::make_unique<SharedStore>(store));
  };
  std::filesystem::create_directories(dir.path() / "scratch");
  const ReconcileOptions options{dir.path() / "scratch", 1, std::chrono::seconds(5), nullptr};
  ASSERT_TRUE(reconcile(loaded.platform, recording, opener, options).ok());
  ASSERT_TRUE(reconcile(loaded.platform, recording, opener, options).ok());
  EXPECT_EQ(recording.runs().size(), 2u);
  EXPECT_TRUE(state.files().empty());
}

// Records written before InputDigests cached per-Promise work hold digests of this formula; they must still
// match, or an upgrade would re-run every request.
TEST_F(IncrementalTest, InputDigestsAreTheKratixHashWithThePromiseTextAndTheSchedulingDigest) {
  LoadResult loaded = load_platform(dir.path() / "platform");
  ASSERT_TRUE(loaded.errors.empty());
  const Platform& platform = loaded.platform;
  const pipeline::Promise& promise = platform.promises.front();
  const pipeline::Request& request = platform.requests.front();
  const std::string scheduling = scheduling_digest(platform);
  const InputDigests digests(platform);
  EXPECT_EQ(digests.of(promise), md5_hex(md5_hex(promise.object_yaml) + "-" + scheduling));
  EXPECT_EQ(digests.of(request),
            md5_hex(*pipeline::kratix_workflow_hash(promise.object_yaml, request.object_yaml) + "-" +
                    md5_hex(promise.object_yaml) + "-" + scheduling));
  EXPECT_EQ(request_input_digest(platform, request), digests.of(request));
}

}  // namespace
}  // namespace ferry::runner

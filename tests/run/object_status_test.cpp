// The status a reconcile leaves on each object (run/object_status.h): recorded with the object, fed back to
// its pipelines on the next run, kept by a skipped run, published on the state branch as
// status/<namespace>/<promise>/<name>.yaml in the run's state commit, removed with the object; kept there
// only (not in the record), and read only by what runs or shows it, while records of the earlier version,
// with the status inline, still load.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/yaml_document.h"
#include "pipeline/duration.h"
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

constexpr const char* kStatusFile = "status/team-a/redis/cache.yaml";

class ObjectStatusTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "platform/stores.yaml", kStore);
    write_file(dir.path() / "platform/destinations.yaml", kDestinations);
    write_file(dir.path() / "platform/promise.yaml", kPromise);
    write_file(dir.path() / "platform/request.yaml", kRequest);
  }

  RunReport run(std::chrono::system_clock::time_point now, bool force = false) {
    LoadResult loaded = load_platform(dir.path() / "platform");
    EXPECT_TRUE(loaded.errors.empty());
    runtime = std::make_unique<pipeline::RecordingRuntime>([this](const ContainerRun& r) { return act(r); });
    StoreOpener opener = [this](const GitStateStore& config) -> Result<std::unique_ptr<writer::StateStore>> {
      return std::unique_ptr<writer::StateStore>(
          std::make_unique<SharedStore>(config.name == "portal" ? portal : store));
    };
    std::filesystem::create_directories(dir.path() / "scratch");
    ReconcileOptions options{dir.path() / "scratch", 1, std::chrono::seconds(5), nullptr};
    options.state = &state;
    options.selection = {force, std::chrono::hours(10), now};
    options.skipped_statuses = skipped_statuses;
    options.status_target = status_target;
    auto report = reconcile(loaded.platform, *runtime, opener, options);
    EXPECT_TRUE(report.ok()) << report.error().render();
    return *report;
  }

  // The configure pipeline counts its runs in status (read from its input object) and places a file.
  ContainerExit act(const ContainerRun& r) {
    const auto input = pipeline::host_path_of(r, "/kratix/input") / "object.yaml";
    const YAML::Node object = YAML::Load(read_file(input));
    const int count = object["status"]["count"] ? object["status"]["count"].as<int>() : 0;
    write_file(pipeline::host_path_of(r, "/kratix/output") / "redis.yaml", "kind: Redis\n");
    write_file(pipeline::host_path_of(r, "/kratix/metadata") / "status.yaml",
               "count: " + std::to_string(count + 1) + "\nmessage: run " + std::to_string(count + 1) + "\n");
    return ContainerExit{exit_code, false, exit_code == 0 ? "" : "boom"};
  }

  YAML::Node published() {
    const auto files = state.files();
    const auto found = files.find(kStatusFile);
    return found == files.end() ? YAML::Node() : YAML::Load(found->second);
  }

  const std::chrono::system_clock::time_point t0 = *parse_rfc3339_utc("2026-11-22T08:00:00Z");
  TempDir dir;
  std::unique_ptr<pipeline::RecordingRuntime> runtime;
  writer::RecordingStateStore store{"destinations"};
  writer::RecordingStateStore state{"state"};
  int exit_code = 0;
  bool skipped_statuses = true;                  // ReconcileOptions::skipped_statuses
  writer::RecordingStateStore portal{"portal"};  // the GitStateStore "portal", when the platform declares it
  std::optional<StatusTarget> status_target;     // --publish-status
};

TEST_F(ObjectStatusTest, TheRunsStatusIsReportedRecordedAndPublished) {
  const RunReport report = run(t0);
  const YAML::Node status = YAML::Load(report.requests.at(0).status_yaml);
  EXPECT_EQ(status["count"].as<int>(), 1);
  EXPECT_EQ(status["message"].Scalar(), "run 1");
  EXPECT_EQ(status["workflows"].as<int>(), 1);
  EXPECT_EQ(status["workflowsSucceeded"].as<int>(), 1);
  EXPECT_EQ(status["workflowsFailed"].as<int>(), 0);
  EXPECT_EQ(status["lastSuccessfulConfigureWorkflowTime"].Scalar(), "2026-11-22T08:00:00Z");
  std::map<std::string, std::string> conditions;
  for (const auto& c : status["conditions"])
    conditions[c["type"].Scalar()] = c["status"].Scalar() + " " + c["reason"].Scalar();
  EXPECT_EQ(conditions, (std::map<std::string, std::string>{
                            {"ConfigureWorkflowCompleted", "True PipelinesExecutedSuccessfully"},
                            {"Reconciled", "True Reconciled"},
                            {"WorksSucceeded", "True WorksSucceeded"},
                            {"PromiseAvailable", "True PromiseAvailable"}}));
  EXPECT_EQ(status["ferry"]["placements"][0]["destination"].Scalar(), "dev");
  EXPECT_FALSE(status["ferry"]["observedInputDigest"].Scalar().empty());
  // The Promise has its own, with Available.
  const YAML::Node promise = YAML::Load(report.promises.at(0).status_yaml);
  EXPECT_EQ(promise["status"].Scalar(), "Available");
  // Published: the request as written, with its status, in the run's one state commit.
  const YAML::Node object = published();
  EXPECT_EQ(object["metadata"]["name"].Scalar(), "cache");
  EXPECT_EQ(object["spec"]["size"].Scalar(), "small");
  EXPECT_EQ(object["status"]["count"].as<int>(), 1);
  EXPECT_TRUE(state.files().contains("status/promises/redis.yaml"));
  EXPECT_EQ(state.commit_count(), 1u);
}

TEST_F(ObjectStatusTest, ForcedRunsCountOnAndChangeOnlyTheStatusFileOfWhatChanged) {
  run(t0);
  run(t0 + 1h, true);
  EXPECT_EQ(published()["status"]["count"].as<int>(), 2);
  const std::size_t commits = state.commit_count();
  const RunReport third = run(t0 + 2h, true);
  EXPECT_EQ(YAML::Load(third.requests.at(0).status_yaml)["count"].as<int>(), 3);
  EXPECT_EQ(published()["status"]["count"].as<int>(), 3);
  EXPECT_EQ(state.commit_count(), commits + 1);
  std::vector<std::string> status_files;
  const auto commits_made = state.commits();
  for (const auto& write : commits_made.back().change.files) status_files.push_back(write.path);
  // The Promise (no workflow of its own) ran again to the same status: its conditions keep their times.
  EXPECT_EQ(status_files, (std::vector<std::string>{kStatusFile}));
}

TEST_F(ObjectStatusTest, ASkippedRunKeepsTheStatusAndMakesNoStateCommit) {
  run(t0);
  const std::size_t commits = state.commit_count();
  const RunReport second = run(t0 + 1h);
  EXPECT_EQ(second.requests.at(0).result, RequestResult::skipped);
  EXPECT_EQ(YAML::Load(second.requests.at(0).status_yaml)["count"].as<int>(), 1);
  EXPECT_EQ(state.commit_count(), commits);
}

TEST_F(ObjectStatusTest, AFailedRunSetsKratixsFailureAndKeepsThePipelinesEarlierFields) {
  run(t0);
  exit_code = 1;
  const RunReport failed = run(t0 + 1h, true);
  ASSERT_EQ(failed.requests.at(0).result, RequestResult::failed);
  const YAML::Node status = published()["status"];
  EXPECT_EQ(status["count"].as<int>(), 1);  // a failed pipeline's status.yaml is never applied (§1.4)
  EXPECT_EQ(status["message"].Scalar(), "Pending");
  EXPECT_EQ(status["workflowsFailed"].as<int>(), 1);
  EXPECT_EQ(status["lastSuccessfulConfigureWorkflowTime"].Scalar(), "2026-11-22T08:00:00Z");
  std::map<std::string, std::string> conditions;
  for (const auto& c : status["conditions"])
    conditions[c["type"].Scalar()] = c["status"].Scalar() + " " + c["reason"].Scalar();
  EXPECT_EQ(conditions["ConfigureWorkflowCompleted"], "False ConfigureWorkflowFailed");
  EXPECT_EQ(conditions["Reconciled"], "False ConfigureWorkflowFailed");
  EXPECT_EQ(conditions["WorksSucceeded"], "True WorksSucceeded");  // kept from the last success
}

TEST_F(ObjectStatusTest, ADeletedRequestsStatusFileGoesWithIt) {
  run(t0);
  ASSERT_TRUE(published().IsDefined());
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  run(t0 + 1h);
  EXPECT_FALSE(state.files().contains(kStatusFile));
  EXPECT_TRUE(state.files().contains("status/promises/redis.yaml"));
}

// The record keeps no status: it is read back from the published file, which the no-op run does not read
// when its report shows no status.
TEST_F(ObjectStatusTest, TheStatusIsKeptOnlyInThePublishedFileAndANoOpRunReadsItOnlyToReportIt) {
  run(t0);
  const std::string record = state.files().at("requests/redis/team-a/cache/record.json");
  EXPECT_EQ(record.find("\"status\""), std::string::npos) << record;
  skipped_statuses = false;
  const std::size_t reads = state.reads_below("status");
  const RunReport quiet = run(t0 + 1h);
  EXPECT_EQ(quiet.requests.at(0).result, RequestResult::skipped);
  EXPECT_EQ(quiet.requests.at(0).status_yaml, "");
  EXPECT_EQ(state.reads_below("status"), reads);
  skipped_statuses = true;
  const RunReport shown = run(t0 + 2h);
  EXPECT_EQ(YAML::Load(shown.requests.at(0).status_yaml)["count"].as<int>(), 1);
}

// A record written by the previous version carries its status inline and has no status file of its own
// yet: it loads, its status is fed back, and the rerun moves the status beside the record.
TEST_F(ObjectStatusTest, ARecordWithItsStatusInlineFromThePreviousVersionStillLoads) {
  run(t0);
  auto files = state.files();
  const std::string path = "requests/redis/team-a/cache/record.json";
  auto record = parse_record(files.at(path), path);
  ASSERT_TRUE(record.ok()) << record.error().render();
  EXPECT_TRUE(record->status_beside);
  record->status_yaml = "count: 5\nmessage: run 5\n";
  files[path] = record_json(*record, true);  // the previous version's format: "status" inline
  files.erase(kStatusFile);
  state.set_files(files);
  skipped_statuses = true;
  const RunReport skipped = run(t0 + 1h);
  EXPECT_EQ(YAML::Load(skipped.requests.at(0).status_yaml)["count"].as<int>(), 5);
  run(t0 + 2h, true);
  EXPECT_EQ(published()["status"]["count"].as<int>(), 6);
  EXPECT_EQ(state.files().at(path).find("\"status\""), std::string::npos);
  run(t0 + 3h, true);
  EXPECT_EQ(published()["status"]["count"].as<int>(), 7);
}

// --publish-status: the status files go to the chosen store before the records; when that commit fails,
// nothing is recorded, and the next run repeats the run and publishes.
TEST_F(ObjectStatusTest, AFailedPublicationLeavesTheRunUnrecordedAndTheNextRunPublishes) {
  write_file(dir.path() / "platform/portal.yaml",
             "apiVersion: platform.kratix.io/v1alpha1\nkind: GitStateStore\nmetadata:\n  name: portal\n"
             "spec:\n  url: portal.git\n  path: site\n");
  status_target = StatusTarget{"portal", "published"};
  portal.fail_next_apply(make_error("push refused"));
  const RunReport failed = run(t0);
  EXPECT_EQ(failed.state_error,
            "the statuses were not published to recording state store portal: push refused; the run's state "
            "was not recorded, so the next run repeats this run's work");
  EXPECT_EQ(state.commit_count(), 0u);
  const RunReport again = run(t0 + 1h);
  EXPECT_EQ(again.requests.at(0).result, RequestResult::unchanged);  // ran again, its files already there
  EXPECT_EQ(portal.commit_count(), 1u);
  EXPECT_EQ(portal.files().at("site/published/team-a/redis/cache.yaml"), state.files().at(kStatusFile));
  EXPECT_TRUE(portal.files().contains("site/published/promises/redis.yaml"));
  run(t0 + 2h);  // nothing changed: no commit there
  EXPECT_EQ(portal.commit_count(), 1u);
}

}  // namespace
}  // namespace ferry::runner

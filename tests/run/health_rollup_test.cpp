// HealthRecords rolled up into a request's status.healthStatus (run/health_rollup.h): from a Destination's
// health folder and from the platform, healthy, unhealthy, several records with the worst winning, matched
// by Promise and request, a record for a missing request a warning; a health change alone reruns nothing
// but changes the recorded status and its one status file.
#include "run/health_rollup.h"

#include <gtest/gtest.h>

#include "core/yaml_document.h"
#include "pipeline/duration.h"
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
using pipeline::HealthState;
using runtime::ContainerExit;
using runtime::ContainerRun;

constexpr const char* kCacheStatusFile = "status/team-a/redis/cache.yaml";

// A HealthRecord `name` in team-a of `state` for `promise`'s request `request` (in team-a).
std::string record_text(const std::string& name, const std::string& state,
                        const std::string& request = "cache", const std::string& promise = "redis") {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: HealthRecord\nmetadata:\n  name: " + name +
         "\n  namespace: team-a\ndata:\n  promiseRef: {name: " + promise +
         "}\n  resourceRef: {name: " + request + ", namespace: team-a}\n  state: " + state +
         "\n  lastRun: 1738158772\n";
}

class HealthRollupTest : public ::testing::Test {
 protected:
  void SetUp() override { write_test_platform(dir.path() / "platform"); }

  // `skipped_statuses` false: a text report's run, which reads no skipped object's status for its report.
  RunReport run(std::chrono::system_clock::time_point now, bool skipped_statuses = true) {
    runtime = std::make_unique<pipeline::RecordingRuntime>(write_redis_output);
    ReconcileOptions options{dir.path() / "scratch", 1, std::chrono::seconds(5), nullptr};
    options.state = &state;
    options.skipped_statuses = skipped_statuses;
    options.selection = {false, std::chrono::hours(10), now};
    return reconcile_with_fakes(dir.path() / "platform", *runtime, store, options);
  }

  // An agent's commit to the Destination's repository: `text` at `path`, or the file removed.
  void commit(const std::string& path, std::optional<std::string> text) {
    writer::Change change;
    change.message = "agent\n";
    change.files.push_back({path, std::move(text)});
    ASSERT_TRUE(store.apply(change).ok());
  }

  YAML::Node health_of(const RunReport& report) {
    return YAML::Load(report.requests.at(0).status_yaml)["healthStatus"];
  }

  YAML::Node published_health() {
    const auto files = state.files();
    const auto found = files.find(kCacheStatusFile);
    return found == files.end() ? YAML::Node() : YAML::Load(found->second)["status"]["healthStatus"];
  }

  const std::chrono::system_clock::time_point t0 = *parse_rfc3339_utc("2026-11-22T08:00:00Z");
  TempDir dir;
  std::unique_ptr<pipeline::RecordingRuntime> runtime;
  writer::RecordingStateStore store{"destinations"};
  writer::RecordingStateStore state{"state"};
};

TEST_F(HealthRollupTest, AHealthyRecordInTheDestinationsFolderIsRolledUp) {
  commit("dev/.ferry-health/cache.yaml", record_text("cache-probe", "healthy"));
  const RunReport report = run(t0);
  EXPECT_TRUE(report.health_warnings.empty());
  const YAML::Node health = health_of(report);
  EXPECT_EQ(health["state"].Scalar(), "healthy");
  ASSERT_EQ(health["healthRecords"].size(), 1u);
  EXPECT_EQ(health["healthRecords"][0]["state"].Scalar(), "healthy");
  EXPECT_EQ(health["healthRecords"][0]["lastRun"].Scalar(), "1738158772");
  EXPECT_EQ(health["healthRecords"][0]["source"]["name"].Scalar(), "cache-probe");
  EXPECT_EQ(health["healthRecords"][0]["source"]["namespace"].Scalar(), "team-a");
  EXPECT_EQ(published_health()["state"].Scalar(), "healthy");
}

TEST_F(HealthRollupTest, AnUnhealthyRecordMakesTheRequestUnhealthy) {
  commit("dev/.ferry-health/cache.yaml", record_text("cache-probe", "unhealthy"));
  const RunReport report = run(t0);
  EXPECT_EQ(health_of(report)["state"].Scalar(), "unhealthy");
  EXPECT_EQ(exit_code_of(report), 0);  // health is reported, not a failed run
}

TEST_F(HealthRollupTest, TwoRecordsForOneRequestTheWorstWins) {
  // One in the platform, one committed by an agent to the Destination's repository.
  write_file(dir.path() / "platform/health.yaml", record_text("web-probe", "healthy"));
  commit("dev/.ferry-health/db.yaml", record_text("db-probe", "degraded"));
  const RunReport report = run(t0);
  const YAML::Node health = health_of(report);
  EXPECT_EQ(health["state"].Scalar(), "degraded");
  ASSERT_EQ(health["healthRecords"].size(), 2u);
  EXPECT_EQ(health["healthRecords"][0]["source"]["name"].Scalar(), "db-probe");  // by namespace and name
  EXPECT_EQ(health["healthRecords"][1]["source"]["name"].Scalar(), "web-probe");
}

TEST_F(HealthRollupTest, ARecordForAMissingRequestIsAWarningAtItsPlace) {
  write_file(dir.path() / "platform/health.yaml", record_text("gone-probe", "unhealthy", "gone"));
  commit("dev/.ferry-health/other.yaml", record_text("other-probe", "unhealthy", "cache", "postgres"));
  const RunReport report = run(t0);
  EXPECT_EQ(
      report.health_warnings,
      (std::vector<std::string>{
          (dir.path() / "platform/health.yaml").string() +
              ":1:1: HealthRecord team-a/gone-probe names request team-a/gone of Promise redis, which is "
              "not in the platform; it is ignored",
          "default:dev/.ferry-health/other.yaml:1:1: HealthRecord team-a/other-probe names Promise "
          "postgres, which is not in the platform; it is ignored",
      }));
  EXPECT_EQ(report.requests.at(0).result, RequestResult::succeeded);
  EXPECT_FALSE(health_of(report).IsDefined());  // Kratix's name-only match would have taken other-probe
  EXPECT_EQ(exit_code_of(report), 0);
}

TEST_F(HealthRollupTest, AHealthChangeRerunsNothingButChangesOneStatusFile) {
  run(t0);
  commit("dev/.ferry-health/cache.yaml", record_text("cache-probe", "healthy"));
  const RunReport second = run(t0 + 1h);
  EXPECT_EQ(second.requests.at(0).result, RequestResult::skipped);
  EXPECT_TRUE(runtime->runs().empty());
  EXPECT_EQ(health_of(second)["state"].Scalar(), "healthy");
  const auto commits = state.commits();
  std::vector<std::string> status_files;
  for (const auto& write : commits.back().change.files) status_files.push_back(write.path);
  EXPECT_EQ(status_files, (std::vector<std::string>{kCacheStatusFile}));
  EXPECT_EQ(published_health()["state"].Scalar(), "healthy");
  // Unchanged health: no state commit.
  const std::size_t count = state.commit_count();
  run(t0 + 2h);
  EXPECT_EQ(state.commit_count(), count);
  // The record goes: so does healthStatus.
  commit("dev/.ferry-health/cache.yaml", std::nullopt);
  const RunReport gone = run(t0 + 3h);
  EXPECT_FALSE(health_of(gone).IsDefined());
  EXPECT_FALSE(published_health().IsDefined());
  EXPECT_EQ(state.commit_count(), count + 1);
}

// The reads of the state branch's status folder (a published status, or all of them) since there were
// `from` of them.
std::size_t status_reads(const writer::RecordingStateStore& state, std::size_t from) {
  return state.reads_below("status") - from;
}

TEST_F(HealthRollupTest, AnUnchangedHealthOfASkippedRequestReadsNoStatus) {
  commit("dev/.ferry-health/cache.yaml", record_text("cache-probe", "healthy"));
  run(t0, false);
  std::size_t reads = state.reads_below("status");
  const RunReport same = run(t0 + 1h, false);
  ASSERT_EQ(same.requests.at(0).result, RequestResult::skipped);
  EXPECT_EQ(status_reads(state, reads), 0u);
  EXPECT_EQ(same.requests.at(0).status_yaml, "");  // not read, so not shown: not a healthStatus alone
  // The health changes: the status is read once, and the report shows all of it.
  commit("dev/.ferry-health/cache.yaml", record_text("cache-probe", "degraded"));
  reads = state.reads_below("status");
  const RunReport changed = run(t0 + 2h, false);
  EXPECT_EQ(status_reads(state, reads), 1u);
  const YAML::Node status = YAML::Load(changed.requests.at(0).status_yaml);
  EXPECT_EQ(status["healthStatus"]["state"].Scalar(), "degraded");
  EXPECT_EQ(status["workflowsSucceeded"].as<int>(), 1);
  EXPECT_EQ(published_health()["state"].Scalar(), "degraded");
}

TEST_F(HealthRollupTest, AfterTheDriftCheckHealthFoldersAreReadAtTheTipsItRead) {
  commit("dev/.ferry-health/cache.yaml", record_text("cache-probe", "healthy"));
  run(t0);
  const std::size_t reads = store.read_prefixes().size();
  const std::size_t reads_at = store.read_at_prefixes().size();
  const RunReport second = run(t0 + 1h);
  EXPECT_EQ(health_of(second)["state"].Scalar(), "healthy");
  const auto prefixes = store.read_prefixes();
  EXPECT_EQ(std::count(prefixes.begin() + static_cast<std::ptrdiff_t>(reads), prefixes.end(),
                       std::string("dev/.ferry-health")),
            0);
  const auto at = store.read_at_prefixes();
  EXPECT_EQ(std::count(at.begin() + static_cast<std::ptrdiff_t>(reads_at), at.end(),
                       std::string("dev/.ferry-health")),
            1);
}

TEST_F(HealthRollupTest, ARecordOfTheEarlierVersionWithHealthHasItsStatusReadOnce) {
  commit("dev/.ferry-health/cache.yaml", record_text("cache-probe", "healthy"));
  run(t0, false);
  // Rewrite the record as the version that noted only "health": true.
  const std::string record_path = "requests/redis/team-a/cache/record.json";
  std::string record = state.files().at(record_path);
  const std::size_t at = record.find("\"healthDigest\"");
  ASSERT_NE(at, std::string::npos);
  record.replace(at, record.find('\n', at) - at, "\"health\": true,");
  writer::Change change;
  change.message = "earlier version\n";
  change.files.push_back({record_path, record});
  ASSERT_TRUE(state.apply(change).ok());
  std::size_t reads = state.reads_below("status");
  run(t0 + 1h, false);
  EXPECT_EQ(status_reads(state, reads), 1u);  // its digest is not known: read once
  EXPECT_NE(state.files().at(record_path).find("\"healthDigest\""), std::string::npos);
  reads = state.reads_below("status");
  run(t0 + 2h, false);
  EXPECT_EQ(status_reads(state, reads), 0u);
  EXPECT_EQ(published_health()["state"].Scalar(), "healthy");
}

TEST_F(HealthRollupTest, APausedRequestsRecordKeepsItsStatusAndGetsItsHealth) {
  run(t0);
  std::string request = kRequest;
  request.replace(request.find("  namespace: team-a\n"), 19,
                  "  namespace: team-a\n  labels: {kratix.io/paused: \"true\"}\n");
  write_file(dir.path() / "platform/request.yaml", request);
  commit("dev/.ferry-health/cache.yaml", record_text("cache-probe", "degraded"));
  const RunReport paused = run(t0 + 1h);
  ASSERT_EQ(paused.requests.at(0).result, RequestResult::paused);
  EXPECT_EQ(paused.requests.at(0).status_yaml, "");  // a paused report carries no status
  EXPECT_EQ(published_health()["state"].Scalar(), "degraded");
  const YAML::Node published = YAML::Load(state.files().at(kCacheStatusFile))["status"];
  EXPECT_EQ(published["workflowsSucceeded"].as<int>(), 1);  // the rest of its status is kept
}

TEST(HealthRollup, TheWorstStateWinsInKratixsOrder) {
  const auto worst = [](std::vector<HealthState> states) {
    std::vector<pipeline::HealthEntry> entries;
    for (HealthState state : states) entries.push_back({state, std::nullopt, "r", "default", ""});
    return pipeline::rolled_up_health(entries).state;
  };
  EXPECT_EQ(worst({}), HealthState::ready);
  EXPECT_EQ(worst({HealthState::ready, HealthState::healthy}), HealthState::healthy);
  EXPECT_EQ(worst({HealthState::healthy, HealthState::unknown}), HealthState::unknown);
  EXPECT_EQ(worst({HealthState::unknown, HealthState::degraded, HealthState::ready}), HealthState::degraded);
  EXPECT_EQ(worst({HealthState::degraded, HealthState::unhealthy, HealthState::healthy}),
            HealthState::unhealthy);
}

TEST(HealthRollup, SettingTheSameHealthAgainChangesNoText) {
  const pipeline::HealthStatus health =
      pipeline::rolled_up_health({{HealthState::healthy, 5, "p", "default", "info: \"true\"\n"}});
  const std::string once = pipeline::status_with_health("message: ok\n", health);
  EXPECT_EQ(pipeline::status_with_health(once, health), once);
  EXPECT_EQ(pipeline::status_with_health(once, std::nullopt), "message: ok\n");
}

}  // namespace
}  // namespace ferry::runner

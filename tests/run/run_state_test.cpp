// State records (run_state.h) and the incremental-run decisions made from them (work_selection.h).
#include "run/run_state.h"

#include <gtest/gtest.h>

#include "pipeline/duration.h"
#include "run/work_selection.h"
#include "tests/support/recording_state_store.h"

namespace ferry::runner {
namespace {

using namespace std::chrono_literals;

ObjectRecord request_record() {
  ObjectRecord record;
  record.kind = "Redis";
  record.name = "cache";
  record.namespace_ = "team-a";
  record.promise = "redis";
  record.input_digest = "d1";
  record.result = RequestResult::succeeded;
  record.last_run = "2026-11-22T08:00:00Z";
  record.placements = {{"dev", "instance", ".", "dev/resources/team-a/redis/cache/instance/5058f", "", ""}};
  record.commits = {{"clusters", "main", "abc"}};
  record.object_yaml = "kind: Redis\n";
  return record;
}

TEST(RunState, RecordsRoundTripThroughJson) {
  ObjectRecord record = request_record();
  record.retry_at = "2026-11-22T09:00:00Z";
  auto parsed = parse_record(record_json(record), "x");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  EXPECT_EQ(record_json(*parsed), record_json(record));
  EXPECT_EQ(parsed->directory(), "requests/redis/team-a/cache");
}

// The status is stored beside the record (its published file): the record's text carries it only for
// display, and a record read back without it says so; one with it (the previous version's) keeps it.
TEST(RunState, TheRecordsTextCarriesTheStatusOnlyForDisplay) {
  ObjectRecord record = request_record();
  record.status_yaml = "message: Resource requested\n";
  auto stored = parse_record(record_json(record), "x");
  ASSERT_TRUE(stored.ok()) << stored.error().render();
  EXPECT_TRUE(stored->status_beside);
  EXPECT_EQ(stored->status_yaml, "");
  EXPECT_EQ(record_json(record).find("\"status\""), std::string::npos);
  auto inline_status = parse_record(record_json(record, true), "x");
  ASSERT_TRUE(inline_status.ok()) << inline_status.error().render();
  EXPECT_FALSE(inline_status->status_beside);
  EXPECT_EQ(inline_status->status_yaml, "message: Resource requested\n");
}

// A PlacementPolicy's placement keeps its policy, Location and state (a later run removes what a deleted
// KCP Placement placed); Kratix's own placements are written without those keys, as before they existed.
TEST(RunState, APolicysPlacementRecordsItsPolicyAndLocation) {
  ObjectRecord record = request_record();
  EXPECT_EQ(record_json(record).find("\"policy\""), std::string::npos);
  record.placements[0].policy = "web";
  record.placements[0].location = "aws";
  record.placements[0].placement_state = "Bound";
  const std::string text = record_json(record);
  EXPECT_NE(text.find("\"location\": \"aws\""), std::string::npos) << text;
  auto parsed = parse_record(text, "x");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  EXPECT_EQ(parsed->placements, record.placements);
}

TEST(RunState, ADamagedRecordNamesItsPath) {
  auto parsed = parse_record("{\"format\": 1, \"kind\": 3}", "state:requests/x/record.json");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().render().rfind("state record state:requests/x/record.json is damaged: ", 0), 0u)
      << parsed.error().render();
}

TEST(RunState, ARecordOfAnotherFormatIsRefused) {
  auto parsed = parse_record("{\"format\": 2}", "p");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().render(),
            "state record p: format 2 is not 1; was it written by another ferry version?");
}

TEST(RunState, ChangeWritesOnlyWhatDifferedAndRemovesWhatVanished) {
  writer::RecordingStateStore store;
  ObjectRecord kept = request_record();
  ObjectRecord gone = request_record();
  gone.name = "old";
  const RunState before = {{kept.directory(), kept}, {gone.directory(), gone}};
  ASSERT_TRUE(store.apply(run_state_change({}, before, "first")).ok());

  ObjectRecord added = request_record();
  added.name = "new";
  const RunState after = {{kept.directory(), kept}, {added.directory(), added}};
  const writer::Change change = run_state_change(before, after, "second");
  ASSERT_EQ(change.bundles.size(), 1u);
  EXPECT_EQ(change.bundles[0].directory, "requests/redis/team-a/new");
  EXPECT_EQ(change.removed_directories, std::vector<std::string>{"requests/redis/team-a/old"});
  ASSERT_TRUE(store.apply(change).ok());

  auto loaded = load_run_state(store);
  ASSERT_TRUE(loaded.ok()) << loaded.error().render();
  EXPECT_EQ(loaded->size(), 2u);
  EXPECT_TRUE(loaded->contains("requests/redis/team-a/new"));
  EXPECT_TRUE(run_state_change(*loaded, after, "third").bundles.empty());
}

struct SelectionCase {
  const char* name;
  RequestResult result;
  const char* digest;
  std::optional<std::string> retry_at;
  std::chrono::minutes since_last_run;
  bool force;
  bool run;
  const char* reason;
};

class Selection : public ::testing::TestWithParam<SelectionCase> {};

TEST_P(Selection, DecidesFromTheRecord) {
  const SelectionCase& c = GetParam();
  ObjectRecord record = request_record();
  record.result = c.result;
  record.retry_at = c.retry_at;
  const auto last_run = *parse_rfc3339_utc(record.last_run);
  const WorkDecision decision =
      decide_work(&record, c.digest, {c.force, std::chrono::hours(10), last_run + c.since_last_run});
  EXPECT_EQ(decision.run, c.run);
  EXPECT_EQ(decision.reason, c.reason);
}

INSTANTIATE_TEST_SUITE_P(
    Records, Selection,
    ::testing::Values(
        SelectionCase{"unchanged",
                      RequestResult::succeeded,
                      "d1",
                      {},
                      5min,
                      false,
                      false,
                      "unchanged since 2026-11-22T08:00:00Z"},
        SelectionCase{"unchanged_no_commit",
                      RequestResult::unchanged,
                      "d1",
                      {},
                      5min,
                      false,
                      false,
                      "unchanged since 2026-11-22T08:00:00Z"},
        SelectionCase{"forced", RequestResult::succeeded, "d1", {}, 5min, true, true, "--force"},
        SelectionCase{"changed", RequestResult::succeeded, "d2", {}, 5min, false, true, "inputs changed"},
        SelectionCase{
            "failed", RequestResult::failed, "d1", {}, 5min, false, true, "retrying: last run failed"},
        SelectionCase{
            "pending", RequestResult::pending, "d1", {}, 5min, false, true, "retrying: last run pending"},
        SelectionCase{"suspended_waiting", RequestResult::suspended, "d1", "2026-11-22T09:00:00Z", 30min,
                      false, false, "suspended until 2026-11-22T09:00:00Z"},
        SelectionCase{"suspended_due", RequestResult::suspended, "d1", "2026-11-22T09:00:00Z", 60min, false,
                      true, "suspension over (retry after 2026-11-22T09:00:00Z)"},
        SelectionCase{"interval",
                      RequestResult::succeeded,
                      "d1",
                      {},
                      600min,
                      false,
                      true,
                      "reconciliation interval elapsed since 2026-11-22T08:00:00Z"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Selection, ANewObjectRuns) {
  EXPECT_EQ(decide_work(nullptr, "d", {}).reason, "new");
}

TEST(Selection, TimestampsParseOnlyInTheFormFerryWrites) {
  const auto parsed = parse_rfc3339_utc("2026-11-22T08:00:00Z");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(pipeline::format_rfc3339_utc(*parsed), "2026-11-22T08:00:00Z");
  EXPECT_FALSE(parse_rfc3339_utc("2026-11-22 08:00:00"));
  EXPECT_FALSE(parse_rfc3339_utc("2026-13-22T08:00:00Z"));
  EXPECT_FALSE(parse_rfc3339_utc("2026-11-22T08:00:00Zjunk"));
  EXPECT_FALSE(parse_rfc3339_utc("2026-02-30T08:00:00Z"));
  EXPECT_FALSE(parse_rfc3339_utc("2026-11-22T24:00:00Z"));
  EXPECT_FALSE(parse_rfc3339_utc("2026-11-22T08:00:60Z"));
  EXPECT_FALSE(parse_rfc3339_utc("2026-11-2xT08:00:00Z"));
  EXPECT_EQ(pipeline::format_rfc3339_utc(*parse_rfc3339_utc("2024-02-29T23:59:59Z")), "2024-02-29T23:59:59Z");
}

}  // namespace
}  // namespace ferry::runner

// The recorded state's change from a run's delta (run_state.h run_state_delta_change) against the full
// comparison of the states before and after (run_state_change), over random deltas; and the delta an
// incremental run keeps (incremental.h): what it touched, not a copy of every record.
#include <gtest/gtest.h>

#include <random>

#include "run/incremental.h"
#include "run/run_state.h"

namespace ferry::runner {
namespace {

ObjectRecord random_record(std::mt19937& random, int name) {
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  ObjectRecord record;
  record.kind = pick(8) == 0 ? "Promise" : "Redis";
  record.name = "r" + std::to_string(name);
  record.namespace_ = record.kind == "Promise" ? "" : "default";
  record.promise = "redis";
  record.input_digest = "digest-" + std::to_string(pick(3));
  record.result = pick(2) == 0 ? RequestResult::succeeded : RequestResult::failed;
  record.message = "message " + std::to_string(pick(2));
  record.status_beside = pick(2) == 0;
  if (!record.status_beside && pick(3) != 0) record.status_yaml = "phase: " + std::to_string(pick(2)) + "\n";
  record.last_run = "2026-11-2" + std::to_string(pick(3)) + "T00:00:00Z";
  record.placements = {
      {"dev", "instance", ".", "dev/" + record.name + "/" + std::to_string(pick(2)), "", ""}};
  record.object_yaml = "kind: Redis\nsize: " + std::to_string(pick(2)) + "\n";
  if (record.kind == "Promise") record.revisions = {{"v1", "d" + std::to_string(pick(2))}};
  return record;
}

// A record like `record`, changed in one field or not at all (the same record written again).
ObjectRecord varied(std::mt19937& random, ObjectRecord record) {
  const unsigned which = random() % 5;
  if (which == 0) record.input_digest += "+";
  if (which == 1) {
    record.status_beside = false;
    record.status_yaml = "phase: changed\n";
  }
  if (which == 2) record.object_yaml += "labels: {}\n";
  if (which == 3) record.revisions.push_back({"v2", "d9"});
  return record;
}

void expect_same_change(const writer::Change& delta, const writer::Change& full) {
  EXPECT_EQ(delta.message, full.message);
  ASSERT_EQ(delta.bundles.size(), full.bundles.size());
  for (std::size_t i = 0; i < delta.bundles.size(); ++i) {
    EXPECT_EQ(delta.bundles[i].directory, full.bundles[i].directory);
    EXPECT_EQ(delta.bundles[i].files, full.bundles[i].files);
  }
  EXPECT_EQ(delta.removed_directories, full.removed_directories);
  EXPECT_EQ(delta.files, full.files);
}

TEST(RunStateDelta, TheChangeFromADeltaIsTheFullComparisonsOverRandomDeltas) {
  std::mt19937 random(25);
  // The published file of a record whose status is beside it: one in three reads the text a rerun gives.
  const PublishedStatusReader published_of =
      [](const ObjectRecord& record) -> Result<std::optional<std::string>> {
    if (record.name.back() % 3 == 0) return std::optional<std::string>("phase: changed\n");
    return std::optional<std::string>();
  };
  for (int round = 0; round < 200; ++round) {
    RunState before;
    const int records = static_cast<int>(random() % 12);
    for (int i = 0; i < records; ++i) {
      ObjectRecord record = random_record(random, i);
      before.emplace(record.directory(), std::move(record));
    }
    RunStateDelta delta;
    for (const auto& [directory, record] : before) {
      switch (random() % 4) {
        case 0:
          delta[directory] = varied(random, record);
          break;
        case 1:
          delta[directory] = std::nullopt;
          break;
        default:
          break;
      }
    }
    for (int added = static_cast<int>(random() % 3); added > 0; --added) {
      ObjectRecord record = random_record(random, 100 + static_cast<int>(random() % 20));
      delta[record.directory()] = std::move(record);
    }
    if (random() % 4 == 0) delta["requests/redis/default/never"] = std::nullopt;  // forgot what it never had
    const RunState after = applied(before, delta);
    EXPECT_EQ(applied_size(before, delta), after.size());
    SCOPED_TRACE("round " + std::to_string(round));
    expect_same_change(run_state_delta_change(before, delta, "m", published_of),
                       run_state_change(before, after, "m", published_of));
  }
}

ObjectRecord request_named(const std::string& name) {
  ObjectRecord record;
  record.kind = "Redis";
  record.name = name;
  record.namespace_ = "default";
  record.promise = "redis";
  record.input_digest = "d1";
  record.object_yaml = "kind: Redis\n";
  return record;
}

// A run that records one object and forgets another keeps those two, not the records it left alone; the
// records it leaves are the others as they were, with its own.
TEST(RunStateDelta, AnIncrementalRunKeepsOnlyWhatItTouched) {
  RunState before;
  for (const char* name : {"a", "b", "c", "d"}) {
    ObjectRecord record = request_named(name);
    before.emplace(record.directory(), std::move(record));
  }
  IncrementalRun run(&before, {});
  const ObjectInputs inputs{"requests/redis/default/b", "d2", "kind: Redis\nsize: 2\n"};
  run.record({"Redis", "b", "default", "redis", RequestResult::succeeded, {}, {}, {}}, inputs);
  run.forget(before.at("requests/redis/default/c"));

  const RunStateDelta& delta = run.settled_delta();
  ASSERT_EQ(delta.size(), 2u);
  EXPECT_EQ(delta.at("requests/redis/default/b")->input_digest, "d2");
  EXPECT_FALSE(delta.at("requests/redis/default/c"));
  const RunState after = run.settled_after();
  ASSERT_EQ(after.size(), 3u);
  EXPECT_EQ(after.at("requests/redis/default/a"), before.at("requests/redis/default/a"));
  EXPECT_EQ(after.at("requests/redis/default/b").object_yaml, "kind: Redis\nsize: 2\n");
  EXPECT_FALSE(after.contains("requests/redis/default/c"));
  EXPECT_EQ(before.at("requests/redis/default/b").input_digest, "d1");  // the records read stay as read
}

}  // namespace
}  // namespace ferry::runner

// Which records a changed path is drift of (run/drift_check.h), and what a run then reports and records,
// on fake stores whose history the test writes.
#include "run/drift_check.h"

#include <gtest/gtest.h>

namespace ferry::runner {
namespace {

// A request record whose one bundle is `path`, written to `store` (no commit: written to any store).
ObjectRecord request_at(const std::string& name, const std::string& path, const std::string& store = "") {
  ObjectRecord record{"Redis", name, "default", "redis"};
  record.placements.push_back({"dev", "instance-configure", ".", path});
  if (!store.empty()) record.commits.push_back({store, "main", "c0ffee"});
  return record;
}

RunState records_of(const std::vector<ObjectRecord>& records) {
  RunState state;
  for (const ObjectRecord& record : records) state.emplace(record.directory(), record);
  return state;
}

TEST(DriftCheck, APathInsideABundleIsDriftOfItsOwnerAndAFileBesideItIsNot) {
  const RunState records =
      records_of({request_at("a", "dev/resources/default/redis/a/instance-configure/5058f"),
                  request_at("b", "dev/resources/default/redis/b/instance-configure/5058f")});
  DriftFindings findings;
  attribute_drift(records, "clusters",
                  {"dev/resources/default/redis/a/instance-configure/5058f/redis.yaml",
                   "dev/resources/default/redis/a/instance-configure/5058f/added.yaml", "dev/README.md",
                   "dev/resources/default/redis/c/instance-configure/5058f/x.yaml"},
                  findings);
  EXPECT_EQ(
      findings,
      (DriftFindings{{"requests/redis/default/a",
                      {"clusters dev/resources/default/redis/a/instance-configure/5058f/added.yaml",
                       "clusters dev/resources/default/redis/a/instance-configure/5058f/redis.yaml"}}}));
}

TEST(DriftCheck, OnlyTheRecordsThatWroteToTheStoreOwnItsPaths) {
  const RunState records = records_of(
      {request_at("a", "dev/resources/default/redis/a/instance-configure/5058f", "observability")});
  DriftFindings findings;
  attribute_drift(records, "clusters", {"dev/resources/default/redis/a/instance-configure/5058f/redis.yaml"},
                  findings);
  EXPECT_TRUE(findings.empty());
}

TEST(DriftCheck, AFlatDestinationsDirectoryIsNotABundle) {
  const RunState records = records_of({request_at("a", "dev")});
  DriftFindings findings;
  attribute_drift(records, "clusters", {"dev/a.yaml"}, findings);
  EXPECT_TRUE(findings.empty());
}

// A store whose history the test sets: its tip and the commits since a given one.
class HistoryStore : public writer::StateStore {
 public:
  std::string describe() const override { return "history store"; }
  Result<writer::CommitOutcome> apply(const writer::Change&) override { return writer::CommitOutcome{}; }
  Result<std::map<std::string, std::string>> read_files(const std::string&) override {
    return std::map<std::string, std::string>{};
  }
  Result<writer::BranchHistory> history_since(const std::optional<std::string>& since) override {
    asked.push_back(since.value_or("(none)"));
    if (fail) return make_error("cannot fetch");
    writer::BranchHistory history = answer;
    if (!since) history.commits.clear();
    return history;
  }
  writer::BranchHistory answer;
  bool fail = false;
  std::vector<std::string> asked;
};

TEST(DriftCheck, OnlyCommitsFerryDidNotMakeAreReadForDrift) {
  const RunState records =
      records_of({request_at("a", "dev/resources/default/redis/a/instance-configure/5058f")});
  HistoryStore store;
  store.answer = {"tip2",
                  true,
                  {{"c1", true, {}},
                   {"c2", false, {"dev/resources/default/redis/a/instance-configure/5058f/redis.yaml"}}}};
  const DriftCheck check = check_drift(records, {{"clusters", "tip1"}}, {{"clusters", &store}});
  EXPECT_EQ(store.asked, std::vector<std::string>{"tip1"});
  EXPECT_EQ(check.tips.at("clusters"), "tip2");
  EXPECT_EQ(check.findings.size(), 1u);
  EXPECT_TRUE(check.findings.begin()->second.front().starts_with("clusters "))
      << check.findings.begin()->first;

  // Drift left in the store: the next run compares with the same tip again; none left: the tip now.
  EXPECT_EQ(
      tips_to_record(check, {"requests/redis/default/a"}, {{"clusters", "tip1"}}, {{"clusters", &store}}),
      (std::map<std::string, std::string>{{"clusters", "tip1"}}));
  EXPECT_EQ(tips_to_record(check, {}, {{"clusters", "tip1"}}, {{"clusters", &store}}),
            (std::map<std::string, std::string>{{"clusters", "tip2"}}));
}

TEST(DriftCheck, AStoreThatCannotBeReadOrWasRewrittenIsAWarningAndKeepsItsTip) {
  const RunState records;
  HistoryStore unreadable;
  unreadable.fail = true;
  HistoryStore rewritten;
  rewritten.answer = {"new", false, {}};
  const DriftCheck check =
      check_drift(records, {{"a", "old-a"}, {"b", "old-b"}}, {{"a", &unreadable}, {"b", &rewritten}});
  ASSERT_EQ(check.warnings.size(), 2u);
  EXPECT_EQ(check.warnings[0], "drift in GitStateStore a was not checked: cannot fetch");
  EXPECT_EQ(check.warnings[1],
            "drift in GitStateStore b was not checked: its branch no longer holds the commit ferry last saw "
            "(old-b); it was rewritten");
  EXPECT_EQ(
      tips_to_record(check, {}, {{"a", "old-a"}, {"b", "old-b"}}, {{"a", &unreadable}, {"b", &rewritten}}),
      (std::map<std::string, std::string>{{"a", "old-a"}, {"b", "new"}}));
}

}  // namespace
}  // namespace ferry::runner

// A narrow run's texts (runner/narrow_reconcile.h): its report is the one the whole run prints, made of the
// memo's entries and its own; the memo it leaves is the no-op report of the run after it.
#include "runner/narrow_reconcile.h"

#include <gtest/gtest.h>

#include "run/quiet_run_delta.h"

namespace ferry::runner {
namespace {

RequestReport request(const std::string& name, RequestResult result, const std::string& message) {
  RequestReport r{"redis", name, "default", "redis", result, message, {}, {}};
  r.placements.push_back({"worker", "instance-configure", ".", "worker/resources/default/redis/" + name});
  return r;
}

class NarrowReconcileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    noop.promises.push_back({"Promise", "redis", "", "redis", RequestResult::skipped, "unchanged since T0"});
    for (const char* name : {"a", "b", "c", "d"})
      noop.requests.push_back(request(name, RequestResult::skipped, "unchanged since T0"));
    std::vector<TextSpan> spans;
    memo.output = render_text(noop, {}, nullptr, &spans);
    for (std::size_t i = 0; i < spans.size(); ++i) {
      const RequestReport& r = noop.requests[i];
      memo.kept.requests.push_back({r.kind, r.promise, r.namespace_, r.name, "md5-" + r.name, spans[i]});
    }
    memo.kept.files.push_back({"requests.yaml", 0, 4});
    plan.changed = {1, 3};
    plan.changed_digests = {"new-b", "new-d"};
  }

  // The no-op report with the changed requests' entries replaced by `b` and `d`.
  RunReport with(const RequestReport& b, const RequestReport& d) const {
    RunReport report = noop;
    report.requests[1] = b;
    report.requests[3] = d;
    return report;
  }

  RunReport noop;
  QuietRunMemo memo;
  NarrowPlan plan;
};

TEST_F(NarrowReconcileTest, PrintsWhatTheWholeRunPrints) {
  RequestReport b = request("b", RequestResult::succeeded, "");
  b.commits.push_back({"clusters", "main", "0123456789abcdef", {}});
  const RequestReport d = request("d", RequestResult::failed, "its pipeline failed:\nexit 1");
  RunReport narrow = noop;
  narrow.requests = {b, d};
  EXPECT_EQ(narrow_report_text(narrow, memo, plan), render_text(with(b, d)));
  EXPECT_FALSE(quiet_but_for_requests(narrow));  // d failed
  narrow.requests[1].result = RequestResult::succeeded;
  EXPECT_TRUE(quiet_but_for_requests(narrow));
  narrow.state_warnings.push_back("packing failed");
  EXPECT_FALSE(quiet_but_for_requests(narrow));
}

TEST_F(NarrowReconcileTest, ReportsWhatElseTheRunReportedAfterTheKeptRequests) {
  const RequestReport b = request("b", RequestResult::succeeded, "");
  const RequestReport d = request("d", RequestResult::skipped, "unchanged since T0");
  const RequestReport gone = request("e", RequestResult::deleted, "");
  RunReport narrow = noop;
  narrow.requests = {b, d, gone};
  RunReport whole = with(b, d);
  whole.requests.push_back(gone);
  EXPECT_EQ(narrow_report_text(narrow, memo, plan), render_text(whole));
}

TEST_F(NarrowReconcileTest, TheMemoAfterItIsTheNoOpReportWithTheNewEntries) {
  const RequestReport b = request("b", RequestResult::skipped, "unchanged since T1");
  const RequestReport d = request("d", RequestResult::skipped, "unchanged since T2");
  // As QuietRun::finish_narrow: the entries put in (the report as read, for a delta), then spliced in for
  // the whole memo.
  QuietRunMemo next = memo;
  const std::map<std::size_t, std::string> entries = narrow_memo_entries(next, plan, {{0, b}, {1, d}});
  EXPECT_EQ(next.output, memo.output);
  EXPECT_EQ(next.changed, entries);
  splice_entries(next.output.own(), next.kept, entries);
  std::vector<TextSpan> spans;
  EXPECT_EQ(next.output.text(), render_text(with(b, d), {}, nullptr, &spans));
  ASSERT_EQ(next.kept.requests.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(next.kept.requests[i].text, spans[i]) << i;
  EXPECT_EQ(next.kept.requests[0].chunk_digest, "md5-a");
  EXPECT_EQ(next.kept.requests[1].chunk_digest, "new-b");
  EXPECT_EQ(next.kept.requests[3].chunk_digest, "new-d");
}

}  // namespace
}  // namespace ferry::runner

#include "runner/metrics_file.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using std::chrono::seconds;
using std::chrono::system_clock;

RunTiming timing(long long end, long long took) {
  return {system_clock::time_point(seconds(end - took)), system_clock::time_point(seconds(end))};
}

RunReport report_with(RequestResult result, int commits) {
  RunReport report;
  RequestReport r;
  r.result = result;
  for (int i = 0; i < commits; ++i) r.commits.push_back({"s", "main", "abc"});
  report.requests.push_back(r);
  return report;
}

TEST(MetricsFile, ASuccessfulRunRecordsItsTimesCountsAndCommits) {
  const RunReport report = report_with(RequestResult::succeeded, 2);
  const std::string text = render_metrics(&report, 0, timing(1700000000, 12), "");
  EXPECT_EQ(sample_value(text, "ferry_last_run_timestamp_seconds"), 1700000000.0);
  EXPECT_EQ(sample_value(text, "ferry_last_success_timestamp_seconds"), 1700000000.0);
  EXPECT_EQ(sample_value(text, "ferry_last_run_duration_seconds"), 12.0);
  EXPECT_EQ(sample_value(text, "ferry_last_run_exit_code"), 0.0);
  EXPECT_EQ(sample_value(text, "ferry_commits"), 2.0);
  EXPECT_NE(text.find("ferry_objects{kind=\"request\",result=\"succeeded\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("ferry_objects{kind=\"request\",result=\"failed\"} 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("# TYPE ferry_commits gauge\n"), std::string::npos);
}

TEST(MetricsFile, CanaryCommitsCountAsCommits) {
  RunReport report = report_with(RequestResult::unchanged, 0);
  report.canary_commits.push_back({"s", "main", "abc"});  // run/canaries.h
  EXPECT_EQ(sample_value(render_metrics(&report, 0, timing(1700000000, 1), ""), "ferry_commits"), 1.0);
}

TEST(MetricsFile, AFailedRunKeepsTheLastSuccessOfThePreviousFile) {
  const RunReport good = report_with(RequestResult::succeeded, 1);
  const std::string first = render_metrics(&good, 0, timing(1700000000, 5), "");
  const RunReport bad = report_with(RequestResult::failed, 0);
  const std::string second = render_metrics(&bad, 3, timing(1700000600, 5), first);
  EXPECT_EQ(sample_value(second, "ferry_last_run_timestamp_seconds"), 1700000600.0);
  EXPECT_EQ(sample_value(second, "ferry_last_success_timestamp_seconds"), 1700000000.0);
  EXPECT_EQ(sample_value(second, "ferry_last_run_exit_code"), 3.0);
  // A run that never started has no object counts, and no success ever seen means no such sample.
  const std::string stopped = render_metrics(nullptr, 1, timing(1700000000, 1), "");
  EXPECT_EQ(sample_value(stopped, "ferry_last_success_timestamp_seconds"), std::nullopt);
  EXPECT_EQ(stopped.find("ferry_objects"), std::string::npos);
}

// A counter across runs: each run adds its push retries to the previous file's total; a run that never
// started (no report) keeps it.
TEST(MetricsFile, PushRetriesAccumulateAsACounter) {
  RunReport report = report_with(RequestResult::succeeded, 1);
  report.requests[0].push_retries = 2;
  const std::string first = render_metrics(&report, 0, timing(1700000000, 5), "");
  EXPECT_NE(first.find("# TYPE ferry_push_retries_total counter\nferry_push_retries_total 2\n"),
            std::string::npos)
      << first;
  report.requests[0].push_retries = 3;
  const std::string second = render_metrics(&report, 0, timing(1700000600, 5), first);
  EXPECT_EQ(sample_value(second, "ferry_push_retries_total"), 5.0);
  const std::string stopped = render_metrics(nullptr, 1, timing(1700001200, 1), second);
  EXPECT_EQ(sample_value(stopped, "ferry_push_retries_total"), 5.0);
  const RunReport quiet = report_with(RequestResult::unchanged, 0);
  EXPECT_EQ(sample_value(render_metrics(&quiet, 0, timing(1, 1), ""), "ferry_push_retries_total"), 0.0);
}

TEST(MetricsFile, IsReplacedWholeAndLeavesNoTemporaryFileBehind) {
  testing::TempDir dir;
  const auto path = dir.path() / "ferry.prom";
  const RunReport report = report_with(RequestResult::succeeded, 1);
  ASSERT_TRUE(write_metrics_file(path, &report, 0, timing(1700000000, 1)).ok());
  ASSERT_TRUE(write_metrics_file(path, nullptr, 1, timing(1700000100, 1)).ok());
  const std::string text = testing::read_file(path);
  EXPECT_EQ(sample_value(text, "ferry_last_success_timestamp_seconds"), 1700000000.0);
  EXPECT_EQ(sample_value(text, "ferry_last_run_exit_code"), 1.0);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
  EXPECT_FALSE(write_metrics_file(dir.path() / "absent/ferry.prom", &report, 0, timing(1, 1)).ok());
}

}  // namespace
}  // namespace ferry::runner

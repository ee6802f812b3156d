#include "runner/github.h"

#include <gtest/gtest.h>

#include "runner/report.h"

namespace ferry::runner {
namespace {

RequestReport request(std::string name, RequestResult result, std::string destination = "") {
  RequestReport r;
  r.kind = "redis";
  r.name = std::move(name);
  r.namespace_ = "default";
  r.promise = "redis";
  r.result = result;
  if (!destination.empty()) {
    r.placements.push_back({destination, "configure", ".", destination + "/resources/x", "", ""});
    r.commits.push_back({"clusters", "main", "0123456789abcdef0123"});
  }
  return r;
}

TEST(GitHubAnnotations, CarryFileLineAndColumnAndEscapeWhatGitHubWouldMisread) {
  const std::vector<Error> errors = {make_error({"dir/a,b.yaml", 7, 3}, "missing \"spec\"\n50% sure"),
                                     make_error("no location")};
  const std::vector<Error> warnings = {make_error({"w.yaml", 2, 0}, "odd")};
  EXPECT_EQ(render_github_annotations(errors, warnings),
            "::error file=dir/a%2Cb.yaml,line=7,col=3::missing \"spec\"%0A50%25 sure\n"
            "::error::no location\n"
            "::warning file=w.yaml,line=2::odd\n");
}

TEST(GitHubAnnotations, NameFailedAndPendingObjectsAndMisplacedGroups) {
  RunReport report;
  report.requests.push_back(request("ok", RequestResult::succeeded, "dev"));
  auto failed = request("bad", RequestResult::failed);
  failed.message = "pipeline configure: exit 1";
  report.requests.push_back(failed);
  auto kept = request("kept", RequestResult::unchanged, "old");
  kept.placements[0].misplaced = "Destination old no longer matches env=dev";
  report.requests.push_back(kept);
  EXPECT_EQ(render_github_run_annotations(report),
            "::error title=ferry%3A redis default/bad failed::pipeline configure: exit 1\n"
            "::warning title=ferry%3A redis default/kept misplaced::configure group . stays on old: "
            "Destination old no "
            "longer matches env=dev\n");
}

TEST(GitHubSummary, TablesEveryObjectAndDrawsItsPlacements) {
  RunReport report;
  auto ready = request("a", RequestResult::succeeded, "dev");
  ready.status_message = "db | ready";
  ready.status_yaml =
      "message: db | ready\nconditions:\n- {type: ConfigureWorkflowCompleted, status: 'True', reason: "
      "PipelinesExecutedSuccessfully}\n- {type: Reconciled, status: 'True', reason: Reconciled}\n"
      "healthStatus: {state: degraded, healthRecords: [{state: degraded, source: {name: probe, namespace: "
      "default}}]}\n";
  report.requests.push_back(ready);
  report.requests.push_back(request("b", RequestResult::skipped, "dev"));
  auto pending = request("c", RequestResult::pending);
  pending.message = "no Destination matches env=prod | tier=1";
  report.requests.push_back(pending);
  EXPECT_EQ(
      render_github_summary(report),
      "## ferry reconcile\n\n"
      "1 succeeded, 1 skipped, 1 pending\n\n"
      "| object | Promise | result | Destinations | commits | status | message |\n"
      "|---|---|---|---|---|---|---|\n"
      "| default/a | redis | succeeded | dev | clusters@0123456789ab | db \\| ready; "
      "ConfigureWorkflowCompleted True (PipelinesExecutedSuccessfully), Reconciled True (Reconciled); health "
      "degraded (default/probe degraded) |  |\n"
      "| default/b | redis | skipped | dev | clusters@0123456789ab |  |  |\n"
      "| default/c | redis | pending |  |  |  | no Destination matches env=prod \\| tier=1 |\n"
      "\n```mermaid\nflowchart LR\n"
      "  r0[\"default/a\"]\n  d0[\"dev\"]\n  r0 --> d0\n"
      "  r1[\"default/b\"]\n  r1 --> d0\n"
      "```\n");
}

TEST(GitHubSummary, CountsHeldUpgradesApartFromSkippedRequests) {
  RunReport report;
  report.requests.push_back(request("a", RequestResult::skipped));
  report.requests.push_back(request("b", RequestResult::held));
  report.requests.push_back(request("c", RequestResult::held));
  const std::string counts = "## ferry reconcile\n\n1 skipped, 2 held\n\n";
  EXPECT_EQ(render_github_summary(report).substr(0, counts.size()), counts);
  EXPECT_NE(render_github_outputs(report).find("\nskipped=1\nheld=2\n"), std::string::npos);
}

TEST(GitHubSummary, CountsPushRetriesAfterTheResults) {
  RunReport report;
  report.requests.push_back(request("a", RequestResult::succeeded, "dev"));
  report.requests.push_back(request("b", RequestResult::succeeded, "dev"));
  report.requests[0].push_retries = 1;
  report.requests[1].push_retries = 2;
  EXPECT_EQ(render_github_summary(report).substr(0, 51),
            "## ferry reconcile\n\n2 succeeded; 3 push retries\n\n| ");
  report.requests[1].push_retries = 0;
  EXPECT_EQ(render_github_summary(report).substr(0, 49),
            "## ferry reconcile\n\n2 succeeded; 1 push retry\n\n| ");
}

TEST(GitHubSummary, StaysUnderTheLimitAndSaysWhatItLeftOut) {
  RunReport report;
  for (int i = 0; i < 2000; ++i)
    report.requests.push_back(
        request("r" + std::to_string(i), RequestResult::succeeded, "d" + std::to_string(i % 7)));
  const std::size_t limit = 20000;
  const std::string summary = render_github_summary(report, limit);
  EXPECT_LE(summary.size(), limit);
  EXPECT_NE(summary.find("more rows left out (summary size limit)"), std::string::npos);
  EXPECT_NE(summary.find("more objects left out (summary size limit)"), std::string::npos);
  EXPECT_NE(summary.find("| default/r0 |"), std::string::npos);
  EXPECT_EQ(summary.find("| default/r1999 |"), std::string::npos);
}

TEST(GitHubOutputs, SayWhetherAnythingChangedAndCountEveryResult) {
  RunReport report;
  report.requests.push_back(request("a", RequestResult::succeeded, "dev"));
  report.requests.push_back(request("b", RequestResult::failed));
  EXPECT_EQ(
      render_github_outputs(report),
      "changed=true\ncommits=1\nsucceeded=1\nunchanged=0\nskipped=0\nheld=0\npaused=0\ndrifted=0\ndeleted="
      "0\nsuspended=0\npending=0\n"
      "failed=1\nexit-code=3\n");
  RunReport quiet;
  quiet.requests.push_back(request("a", RequestResult::skipped));
  EXPECT_EQ(render_github_outputs(quiet).substr(0, 24), "changed=false\ncommits=0\n");
  quiet.canary_commits.push_back({"clusters", "main", "0123456789abcdef0123"});  // run/canaries.h
  EXPECT_EQ(render_github_outputs(quiet).substr(0, 23), "changed=true\ncommits=1\n");
}

TEST(GitHubText, FoldsEachEntryInAGroupAndLeavesTheSummaryOutside) {
  RunReport report;
  report.requests.push_back(request("a", RequestResult::succeeded, "dev"));
  EXPECT_EQ(render_text(report, {.github_groups = true}),
            "::group::succeeded  default/a (redis, Promise redis)\n"
            "    placed configure group . on dev at dev/resources/x\n"
            "    committed 0123456789ab to clusters@main\n"
            "::endgroup::\n"
            "1 requests: 1 succeeded\n");
}

}  // namespace
}  // namespace ferry::runner

// The report formats are an interface: their text is pinned here.
#include "runner/report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace ferry::runner {
namespace {

RunReport sample() {
  RunReport report;
  report.requests.push_back(
      {"redis",
       "cache",
       "team-a",
       "redis",
       RequestResult::succeeded,
       "",
       {{"dev", "configure", ".", "dev/resources/team-a/redis/cache/configure/5058f", "", ""}},
       {{"default", "main", "0123456789abcdef0123456789abcdef01234567"}}});
  report.requests.push_back(
      {"redis", "bad", "default", "redis", RequestResult::failed, "it broke\nbadly", {}, {}});
  return report;
}

TEST(Report, Text) {
  EXPECT_EQ(render_text(sample()),
            "succeeded  team-a/cache (redis, Promise redis)\n"
            "    placed configure group . on dev at dev/resources/team-a/redis/cache/configure/5058f\n"
            "    committed 0123456789ab to default@main\n"
            "failed  default/bad (redis, Promise redis)\n"
            "    it broke\n"
            "    badly\n"
            "2 requests: 1 succeeded, 1 failed\n");
}

TEST(Report, JsonIsVersionedAndComplete) {
  EXPECT_EQ(render_json(sample()), R"({
  "format_version": 1,
  "promises": [],
  "requests": [
    {
      "kind": "redis",
      "name": "cache",
      "namespace": "team-a",
      "promise": "redis",
      "result": "succeeded",
      "placements": [
        {
          "destination": "dev",
          "pipeline": "configure",
          "directory": ".",
          "path": "dev/resources/team-a/redis/cache/configure/5058f"
        }
      ],
      "commits": [
        {
          "store": "default",
          "branch": "main",
          "sha": "0123456789abcdef0123456789abcdef01234567"
        }
      ]
    },
    {
      "kind": "redis",
      "name": "bad",
      "namespace": "default",
      "promise": "redis",
      "result": "failed",
      "placements": [],
      "commits": [],
      "message": "it broke\nbadly"
    }
  ]
}
)");
}

TEST(Report, MisplacedAndMovedPlacementsAreShown) {
  RunReport report;
  report.requests.push_back({"redis",
                             "cache",
                             "team-a",
                             "redis",
                             RequestResult::unchanged,
                             "",
                             {{"old", "p", ".", "old/x", "Destination old no longer matches env=dev", ""},
                              {"new", "p", "logs", "new/y", "", "gone"}},
                             {}});
  EXPECT_EQ(render_text(report),
            "unchanged  team-a/cache (redis, Promise redis)\n"
            "    placed p group . on old at old/x\n"
            "      misplaced: Destination old no longer matches env=dev\n"
            "    placed p group logs on new at new/y\n"
            "      moved from misplaced Destination gone\n"
            "1 requests: 1 unchanged\n");
  EXPECT_NE(render_json(report).find("\"misplaced\": \"Destination old no longer matches env=dev\""),
            std::string::npos);
  EXPECT_NE(render_json(report).find("\"moved_from\": \"gone\""), std::string::npos);
  EXPECT_EQ(exit_code_of(report), 4);
}

TEST(Report, PolicyPlacementsLocationsNotesAndMetricFailuresAreShown) {
  RunReport report;
  RequestReport r{"app",
                  "shop",
                  "default",
                  "app",
                  RequestResult::succeeded,
                  "",
                  {{"eu-1", "deploy", ".", "eu-1/x", "", "", "front-end", "aws-eu", "Bound"}},
                  {}};
  r.scheduling_notes = {"pipeline deploy group .: moved inside Location aws-eu: eu-2 is not Ready"};
  report.requests.push_back(r);
  report.metric_failures = {"metric load: provider prom: connection refused"};
  EXPECT_EQ(render_text(report),
            "succeeded  default/shop (app, Promise app)\n"
            "    placed deploy group . on eu-1 at eu-1/x\n"
            "      policy front-end, Location aws-eu (Bound)\n"
            "    scheduling: pipeline deploy group .: moved inside Location aws-eu: eu-2 is not Ready\n"
            "warning: metric load: provider prom: connection refused\n"
            "1 requests: 1 succeeded\n");
  const std::string json = render_json(report);
  EXPECT_NE(json.find("\"policy\": \"front-end\",\n"), std::string::npos) << json;
  EXPECT_NE(json.find("\"location\": \"aws-eu\",\n"), std::string::npos) << json;
  EXPECT_NE(json.find("\"placement_state\": \"Bound\"\n"), std::string::npos) << json;
  EXPECT_NE(json.find("\"scheduling_notes\": [\n"), std::string::npos) << json;
  EXPECT_NE(json.find("\"metric_failures\": [\n    \"metric load: provider prom: connection refused\"\n  ]"),
            std::string::npos)
      << json;
}

TEST(Report, AStateRepositoryThatCouldNotBePackedIsAWarningNotAnError) {
  RunReport report;
  report.state_warnings = {
      "the state repository's loose objects were not packed (the state is recorded): cannot write a pack"};
  EXPECT_EQ(render_text(report),
            "warning: the state repository's loose objects were not packed (the state is recorded): cannot "
            "write a pack\n"
            "0 requests\n");
  EXPECT_EQ(exit_code_of(report), 0);
  const std::string json = render_json(report);
  EXPECT_NE(json.find("\"state_warnings\": [\n    \"the state repository's loose objects were not packed"),
            std::string::npos)
      << json;
}

// Pushes refused because a remote branch moved (writer::CommitOutcome::push_retries): a note under each
// object that retried, the run's total after the counts, and both in JSON; nothing at all when no push was
// retried.
TEST(Report, PushRetriesAreShownPerObjectAndInTotal) {
  RunReport report = sample();
  report.requests[0].push_retries = 2;
  report.promises.push_back({"Promise", "redis", "", "redis", RequestResult::unchanged, "", {}, {}});
  report.promises[0].push_retries = 1;
  EXPECT_EQ(render_text(report),
            "unchanged  Promise redis\n"
            "    1 push retry: rebuilt on the moved remote branch\n"
            "succeeded  team-a/cache (redis, Promise redis)\n"
            "    placed configure group . on dev at dev/resources/team-a/redis/cache/configure/5058f\n"
            "    committed 0123456789ab to default@main\n"
            "    2 push retries: rebuilt on the moved remote branch\n"
            "failed  default/bad (redis, Promise redis)\n"
            "    it broke\n"
            "    badly\n"
            "1 Promises: 1 unchanged\n"
            "2 requests: 1 succeeded, 1 failed\n"
            "3 push retries (another writer moved a remote branch)\n");
  const std::string json = render_json(report);
  EXPECT_NE(json.find("\"sha\": \"0123456789abcdef0123456789abcdef01234567\"\n        }\n      ],\n"
                      "      \"push_retries\": 2\n    },"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"commits\": [],\n      \"push_retries\": 1\n"), std::string::npos) << json;
  EXPECT_NE(json.find("  ],\n  \"push_retries\": 3\n}\n"), std::string::npos) << json;
  EXPECT_EQ(push_retries_of(report), 3);
  EXPECT_EQ(render_json(sample()).find("push_retries"), std::string::npos);
  EXPECT_EQ(render_text(sample()).find("push retr"), std::string::npos);
}

// Each object's status (docs/status.md) is a JSON object with Kubernetes' scalar types, not YAML text.
TEST(Report, JsonCarriesEachObjectsStatusAsJson) {
  RunReport report = sample();
  report.requests[0].status_yaml =
      "message: Resource requested\nstage: two\ncompleted: true\nworkflows: 2\n"
      "conditions:\n- {type: Reconciled, status: 'True', reason: Reconciled}\n";
  const auto json = nlohmann::json::parse(render_json(report));
  const auto& status = json["requests"][0]["status"];
  EXPECT_EQ(status["stage"], "two");
  EXPECT_EQ(status["completed"], true);
  EXPECT_EQ(status["workflows"], 2);
  EXPECT_EQ(status["conditions"][0]["status"], "True");
  EXPECT_FALSE(json["requests"][1].contains("status"));
}

// A request whose upgrade waits (--max-upgrades, or a failed upgrade not tried again) is counted as held,
// not as skipped: the text's totals and the JSON's result say so, and it fails nothing.
TEST(Report, AHeldUpgradeIsCountedAsHeldNotSkipped) {
  RunReport report;
  report.requests.push_back({"redis", "a", "default", "redis", RequestResult::skipped, "", {}, {}});
  report.requests.push_back({"redis",
                             "b",
                             "default",
                             "redis",
                             RequestResult::held,
                             "its upgrade from version v1 to v2 waits for a later run",
                             {},
                             {}});
  const std::string text = render_text(report);
  EXPECT_EQ(text.substr(text.rfind("2 requests")), "2 requests: 1 skipped, 1 held\n");
  EXPECT_NE(text.find("held  default/b (redis, Promise redis)\n"), std::string::npos) << text;
  const auto json = nlohmann::json::parse(render_json(report));
  EXPECT_EQ(json["requests"][1]["result"], "held");
  EXPECT_EQ(exit_code_of(report), 0);
}

TEST(Report, DiagnosticsNameSeverity) {
  EXPECT_EQ(render_diagnostics({make_error({"a.yaml", 3, 4}, "bad"), make_error("no where")},
                               {make_error({"b.yaml", 1, 1}, "odd")}),
            "a.yaml:3:4: error: bad\nerror: no where\nb.yaml:1:1: warning: odd\n");
}

TEST(Report, ExitCodes) {
  RunReport report = sample();
  EXPECT_EQ(exit_code_of(report), 3);
  report.requests[1].result = RequestResult::unchanged;
  EXPECT_EQ(exit_code_of(report), 0);
  report.requests[1].result = RequestResult::pending;
  EXPECT_EQ(exit_code_of(report), 3);
}

}  // namespace
}  // namespace ferry::runner

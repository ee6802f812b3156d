// Injection strings and a planted secret through every output writer of runner/: the text and JSON run
// reports, diagnostics, `ferry status`, the plan (text, JSON, job summary), GitHub annotations and the job
// summary. No writer may let a name start a workflow command, forge a line, carry a control character or
// show a secret value.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "core/secret_values.h"
#include "platform/platform_source.h"
#include "runner/github.h"
#include "runner/plan_report.h"
#include "runner/report.h"
#include "runner/status_report.h"

namespace ferry::runner {
namespace {

// A Destination name or path a hostile platform or pipeline could produce.
const std::string kInjection = "dev\n::error file=x::pwned\r\x1B[31m|<b>`";
const std::string kSecret = "hunter2-secret";

// Lines GitHub would read as workflow commands (leading blanks trimmed, as the runner does).
std::vector<std::string> command_lines(const std::string& text) {
  std::vector<std::string> found;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line.compare(first, 2, "::") == 0) found.push_back(line.substr(first));
  }
  return found;
}

bool has_control_character_but_newline(const std::string& text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n') || byte == 0x7F) return true;
  }
  return false;
}

RequestReport hostile_request(RequestResult result) {
  RequestReport r;
  r.kind = "redis";
  r.name = "cache";
  r.namespace_ = "default";
  r.promise = "redis";
  r.result = result;
  r.message = "pipeline said " + kSecret + "\n::error::forged\n" + kInjection;
  r.status_message = "status " + kSecret + kInjection;
  r.placements.push_back(
      {kInjection, "configure", kInjection, kInjection + "/x", "misplaced " + kInjection, ""});
  r.commits.push_back({"clusters", "main", "0123456789abcdef0123"});
  r.drifted = {"clusters " + kInjection};
  r.scheduling_notes = {"note " + kSecret + kInjection};
  return r;
}

RunReport hostile_report() {
  RunReport report;
  report.requests.push_back(hostile_request(RequestResult::failed));
  report.requests.push_back(hostile_request(RequestResult::succeeded));
  report.state_error = "state " + kInjection;
  return report;
}

class UntrustedOutput : public ::testing::Test {
 protected:
  void SetUp() override { remember_secret_value(kSecret); }
  void TearDown() override { forget_secret_values(); }
};

TEST_F(UntrustedOutput, TheTextReportStartsNoCommandForgesNoLineAndShowsNoSecret) {
  const std::string text = render_text(hostile_report());
  EXPECT_EQ(command_lines(text), std::vector<std::string>{}) << text;
  EXPECT_FALSE(has_control_character_but_newline(text)) << text;
  EXPECT_EQ(text.find(kSecret), std::string::npos) << text;
  EXPECT_NE(text.find("placed configure group dev\\x0A::error file=x::pwned\\x0D\\x1B[31m|<b>`"),
            std::string::npos)
      << text;
  // Under GitHub Actions the only commands are ferry's own groups.
  const auto commands = command_lines(render_text(hostile_report(), {.github_groups = true}));
  for (const std::string& line : commands)
    EXPECT_TRUE(line.starts_with("::group::") || line == "::endgroup::") << line;
  EXPECT_EQ(commands.size(), 4u);
}

TEST_F(UntrustedOutput, TheJsonReportKeepsTheTextButMasksSecretsAndSurvivesInvalidUtf8) {
  RunReport report = hostile_report();
  report.requests[0].name = "bad\xFF\xFEutf8";
  const std::string json = render_json(report);
  EXPECT_EQ(json.find(kSecret), std::string::npos);
  EXPECT_FALSE(has_control_character_but_newline(json));
  const auto parsed = nlohmann::json::parse(json);
  EXPECT_EQ(parsed["requests"][1]["placements"][0]["destination"], kInjection);
  EXPECT_EQ(parsed["requests"][0]["name"], "bad\xEF\xBF\xBD\xEF\xBF\xBDutf8");
  EXPECT_EQ(parsed["requests"][0]["status_message"], "status ***" + kInjection);
}

TEST_F(UntrustedOutput, DiagnosticsQuoteAHostilePathOnOneLine) {
  const std::string text = render_diagnostics(
      {make_error({"platform/" + kInjection + ".yaml", 3, 1}, "bad " + kSecret + kInjection)}, {});
  EXPECT_EQ(command_lines(text), std::vector<std::string>{}) << text;
  EXPECT_FALSE(has_control_character_but_newline(text));
  EXPECT_EQ(text.find(kSecret), std::string::npos);
  EXPECT_TRUE(
      text.starts_with("platform/dev\\x0A::error file=x::pwned\\x0D\\x1B[31m|<b>`.yaml:3:1: error: bad ***"))
      << text;
}

TEST_F(UntrustedOutput, GitHubAnnotationsCarryOnlyFerrysCommands) {
  const std::string annotations =
      render_github_annotations({make_error({kInjection, 1, 1}, kSecret + kInjection)}, {}) +
      render_github_run_annotations(hostile_report());
  const auto commands = command_lines(annotations);
  // One error for the diagnostic, one for the failed object, two misplaced warnings, one state error.
  EXPECT_EQ(commands.size(), 5u) << annotations;
  EXPECT_FALSE(has_control_character_but_newline(annotations)) << annotations;
  EXPECT_EQ(annotations.find(kSecret), std::string::npos);
  EXPECT_EQ(annotations.find("\n::error file=x"), std::string::npos);
}

TEST_F(UntrustedOutput, TheJobSummaryOpensNoRowTagOrFence) {
  const std::string summary = render_github_summary(hostile_report());
  EXPECT_EQ(summary.find(kSecret), std::string::npos);
  EXPECT_FALSE(has_control_character_but_newline(summary));
  EXPECT_EQ(summary.find("<b>"), std::string::npos) << summary;
  std::istringstream in(summary);
  int table_rows = 0, fences = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("|")) ++table_rows;
    if (line.starts_with("```")) ++fences;
  }
  EXPECT_EQ(table_rows, 4);  // header, separator, two objects
  EXPECT_EQ(fences, 2) << summary;
}

TEST_F(UntrustedOutput, AddMaskTellsGitHubTheValueAndEachOfItsLines) {
  EXPECT_EQ(render_github_add_mask("p%ss"), "::add-mask::p%25ss\n");
  EXPECT_EQ(render_github_add_mask("line-one\nline-two\n"),
            "::add-mask::line-one%0Aline-two%0A\n::add-mask::line-one\n::add-mask::line-two\n");
}

TEST_F(UntrustedOutput, StatusShowsHostileRecordsEscapedAndMasked) {
  ObjectRecord r;
  r.kind = "redis";
  r.name = "cache";
  r.namespace_ = "default";
  r.promise = "redis";
  r.result = RequestResult::failed;
  r.message = kSecret + "\n::error::forged";
  r.status_message = kSecret + kInjection;
  r.last_run = "2026-01-02T03:04:05Z";
  r.placements = {{kInjection, "configure", ".", kInjection}};
  const RunState state = {{r.directory(), r}};
  for (const std::string& text :
       {render_status_text(state), render_record_text(r), render_status_json(state)}) {
    EXPECT_EQ(command_lines(text), std::vector<std::string>{}) << text;
    EXPECT_FALSE(has_control_character_but_newline(text)) << text;
    EXPECT_EQ(text.find(kSecret), std::string::npos) << text;
  }
}

TEST_F(UntrustedOutput, ThePlanEscapesPathsAndDiffsAndItsSummaryFenceCannotBeClosed) {
  PlanReport plan;
  plan.run = hostile_report();
  DestinationPlan destination{kInjection,
                              {{kInjection + ".yaml", writer::FileChangeKind::added, "",
                                "::error::from a file\n```\n<script>x</script>\n"}}};
  plan.stores.push_back({"clusters", "main", {destination}});
  const std::string text = render_plan_text(plan);
  EXPECT_EQ(command_lines(text), std::vector<std::string>{}) << text;
  EXPECT_FALSE(has_control_character_but_newline(text)) << text;
  EXPECT_EQ(text.find(kSecret), std::string::npos) << text;
  const std::string summary = render_github_plan_summary(plan, kSummaryLimit);
  EXPECT_EQ(summary.find(kSecret), std::string::npos) << summary;
  EXPECT_NE(summary.find("````diff\n"), std::string::npos) << summary;
  EXPECT_EQ(command_lines(summary), std::vector<std::string>{}) << summary;
  EXPECT_EQ(render_plan_json(plan).find(kSecret), std::string::npos);
}

TEST_F(UntrustedOutput, ThePlatformRepositorysPasswordAndPassphraseAreMaskedToo) {
  const std::map<std::string, std::string> env = {{"FERRY_PLATFORM_USERNAME", "ferry-bot"},
                                                  {"FERRY_PLATFORM_PASSWORD", "platform-token-123"}};
  ASSERT_TRUE(platform_credentials([&](const char* name) -> std::optional<std::string> {
    const auto found = env.find(name);
    return found == env.end() ? std::nullopt : std::optional(found->second);
  }));
  EXPECT_EQ(render_diagnostics({make_error("fetch https://platform-token-123@git.example/p failed")}, {}),
            "error: fetch https://***@git.example/p failed\n");
}

}  // namespace
}  // namespace ferry::runner

// workflow-control.yaml (reference §2.8): parsing with located errors, and the status Kratix records for a
// suspended pipeline.
#include "pipeline/workflow_control.h"

#include <gtest/gtest.h>

#include "core/yaml_document.h"
#include "pipeline/status_merge.h"

namespace ferry::pipeline {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::system_clock;

const Clock::time_point kNow{std::chrono::seconds(1714564800)};  // 2024-05-01T12:00:00Z

struct Parsed {
  const char* name;
  const char* yaml;
  bool suspend;
  std::optional<std::chrono::seconds> retry_after;
  const char* message;
  bool requested;
};

class WorkflowControlParses : public ::testing::TestWithParam<Parsed> {};

TEST_P(WorkflowControlParses, IntoPlainValues) {
  auto control = parse_workflow_control(GetParam().yaml, "wc.yaml");
  ASSERT_TRUE(control.ok()) << control.error().render();
  EXPECT_EQ(control->suspend, GetParam().suspend);
  EXPECT_EQ(control->retry_after, GetParam().retry_after);
  EXPECT_EQ(control->message, GetParam().message);
  EXPECT_EQ(control->requested(), GetParam().requested);
}

INSTANTIATE_TEST_SUITE_P(
    Table, WorkflowControlParses,
    ::testing::Values(Parsed{"Empty", "", false, std::nullopt, "", false},
                      Parsed{"EmptyDocument", "---\n", false, std::nullopt, "", false},
                      Parsed{"Suspend", "suspend: true\nmessage: waiting for approval\n", true, std::nullopt,
                             "waiting for approval", true},
                      Parsed{"NotSuspended", "suspend: false\n", false, std::nullopt, "", false},
                      Parsed{"Retry", "retryAfter: 10m\n", false, 600s, "", true},
                      Parsed{"RetryRoundsUp", "retryAfter: 300ms\n", false, 1s, "", true},
                      Parsed{"RetryZero", "retryAfter: 0s\n", false, 0s, "", true},
                      Parsed{"RetryEmptyIsNone", "retryAfter: \"\"\nmessage: hi\n", false, std::nullopt, "hi",
                             false},
                      Parsed{"RetryNullIsNone", "retryAfter:\n", false, std::nullopt, "", false},
                      Parsed{"Both", "suspend: true\nretryAfter: 1h30m\n", true, 5400s, "", true}),
    [](const auto& info) { return info.param.name; });

struct ControlRejected {
  const char* name;
  const char* yaml;
  const char* error;
};

class WorkflowControlRejects : public ::testing::TestWithParam<ControlRejected> {};

TEST_P(WorkflowControlRejects, WithLocation) {
  auto control = parse_workflow_control(GetParam().yaml, "wc.yaml");
  ASSERT_FALSE(control.ok());
  EXPECT_EQ(control.error().render(), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Table, WorkflowControlRejects,
    ::testing::Values(
        ControlRejected{
            "BadDuration", "suspend: false\nretryAfter: 1d\n",
            "wc.yaml:2:13: invalid duration \"1d\" in \"retryAfter\": unknown unit \"d\"; write e.g. "
            "\"10m\", "
            "\"1h30m\" or \"300ms\" (units ns, us, ms, s, m, h)"},
        ControlRejected{
            "Negative", "retryAfter: -5m\n",
            "wc.yaml:1:13: invalid duration \"-5m\" in \"retryAfter\": negative durations are not allowed; "
            "write e.g. \"10m\", \"1h30m\" or \"300ms\" (units ns, us, ms, s, m, h)"},
        ControlRejected{"DurationAMap", "retryAfter: {m: 5}\n",
                        "wc.yaml:1:13: \"retryAfter\" must be a duration such as \"10m\", found a map"},
        ControlRejected{"SuspendYes", "suspend: yes\n",
                        "wc.yaml:1:10: \"suspend\" must be true or false, found a string"},
        ControlRejected{"MessageAList", "message: [a]\n",
                        "wc.yaml:1:10: \"message\" must be a string, found a list"},
        ControlRejected{
            "UnknownKey", "suspend: true\nretryafter: 5m\n",
            "wc.yaml:2:1: unknown field \"retryafter\" in workflow control: the fields are \"suspend\", "
            "\"retryAfter\" and \"message\""},
        ControlRejected{
            "NotAMap", "- suspend\n",
            "wc.yaml:1:1: workflow control must be a map with \"suspend\", \"retryAfter\" or \"message\", "
            "found a list"},
        ControlRejected{"TwoDocuments", "suspend: true\n---\nsuspend: false\n",
                        "wc.yaml:3:1: workflow control must be a single document"},
        ControlRejected{"InvalidYaml", "suspend: [true\n",
                        "wc.yaml:2:1: invalid YAML: end of sequence flow not found"}),
    [](const auto& info) { return info.param.name; });

YAML::Node yaml(const std::string& text) {
  return YAML::Load(text);
}

TEST(ApplySuspension, RetryRecordsNextRetryAndFirstAttempt) {
  YAML::Node status = yaml("message: db ready\n");
  const WorkflowControl control{false, 600s, "waiting for the database"};
  const Suspension suspension = apply_suspension(status, control, "database", kNow, 0);
  EXPECT_EQ(suspension.pipeline, "database");
  EXPECT_EQ(suspension.message, "waiting for the database");
  EXPECT_EQ(suspension.next_retry_at, kNow + 600s);
  EXPECT_EQ(suspension.attempts, 1);
  EXPECT_EQ(to_yaml_text(status),
            "message: db ready\n"
            "kratix:\n"
            "  workflows:\n"
            "    pipelines:\n"
            "      - name: database\n"
            "        phase: Suspended\n"
            "        message: waiting for the database\n"
            "        nextRetryAt: \"2024-05-01T12:10:00Z\"\n"
            "        attempts: 1\n");
}

TEST(ApplySuspension, UpdatesTheNamedEntryInPlaceAndCountsAttempts) {
  YAML::Node status = yaml(
      "kratix:\n  workflows:\n    pipelines:\n      - {name: a, phase: Succeeded}\n"
      "      - {name: b, phase: Running}\n      - {name: c, phase: Pending}\n");
  const Suspension suspension = apply_suspension(status, WorkflowControl{false, 90s, ""}, "b", kNow, 2);
  EXPECT_EQ(suspension.attempts, 3);
  EXPECT_EQ(to_yaml_text(status),
            "kratix:\n  workflows:\n    pipelines:\n"
            "      - name: a\n        phase: Succeeded\n"
            "      - name: b\n        phase: Suspended\n        nextRetryAt: \"2024-05-01T12:01:30Z\"\n"
            "        attempts: 3\n"
            "      - name: c\n        phase: Pending\n");
}

TEST(ApplySuspension, PlainSuspendDropsRetryFieldsAndEmptyMessage) {
  YAML::Node status = yaml(
      "kratix:\n  workflows:\n    pipelines:\n"
      "      - {name: b, phase: Suspended, message: old, nextRetryAt: x, attempts: 4}\n");
  const Suspension suspension =
      apply_suspension(status, WorkflowControl{true, std::nullopt, ""}, "b", kNow, 4);
  EXPECT_EQ(suspension.next_retry_at, std::nullopt);
  EXPECT_EQ(suspension.attempts, 0);
  EXPECT_EQ(to_yaml_text(status),
            "kratix:\n  workflows:\n    pipelines:\n      - name: b\n        phase: Suspended\n");
}

TEST(ApplySuspension, StartsFromAnEmptyStatus) {
  YAML::Node status;
  apply_suspension(status, WorkflowControl{true, std::nullopt, "approve me"}, "p", kNow, 0);
  EXPECT_EQ(to_yaml_text(status),
            "kratix:\n  workflows:\n    pipelines:\n      - name: p\n        phase: Suspended\n"
            "        message: approve me\n");
}

TEST(ClearSuspension, MarksRunningAndDropsSuspensionFields) {
  YAML::Node status = yaml(
      "kratix:\n  workflows:\n    pipelines:\n"
      "      - {name: a, phase: Succeeded}\n"
      "      - {name: b, phase: Suspended, message: old, nextRetryAt: x, attempts: 4}\n");
  clear_suspension(status, "b");
  EXPECT_EQ(to_yaml_text(status),
            "kratix:\n  workflows:\n    pipelines:\n"
            "      - name: a\n        phase: Succeeded\n      - name: b\n        phase: Running\n");
}

TEST(ClearSuspension, LeavesAStatusWithoutTheEntryAlone) {
  YAML::Node status = yaml("message: hi\n");
  clear_suspension(status, "b");
  EXPECT_EQ(to_yaml_text(status), "message: hi\n");
  YAML::Node other = yaml("kratix:\n  workflows:\n    pipelines:\n      - {name: a, phase: Succeeded}\n");
  clear_suspension(other, "b");
  EXPECT_EQ(to_yaml_text(other),
            "kratix:\n  workflows:\n    pipelines:\n      - name: a\n        phase: Succeeded\n");
}

}  // namespace
}  // namespace ferry::pipeline

// merge_status (reference §2.7 with the fixes of §6.6 and §6.7) and object_with_status.
#include "pipeline/status_merge.h"

#include <gtest/gtest.h>

#include "core/yaml_document.h"

namespace ferry::pipeline {
namespace {

const std::chrono::system_clock::time_point kMergeTime{
    std::chrono::seconds(1714564800)};  // 2024-05-01T12:00:00Z
constexpr const char* kFile = "/kratix/metadata/status.yaml";

MergeContext middle(MergeMode mode = MergeMode::recursive) {
  return MergeContext{"resource", false, false, false, kMergeTime, mode};
}
MergeContext last(const char* type = "resource") {
  return MergeContext{type, true, false, false, kMergeTime, MergeMode::recursive};
}

// The merged status as block YAML, or the rendered error.
std::string merged(const std::string& current, const std::string& incoming, const MergeContext& ctx) {
  auto status = merge_status(YAML::Load(current), incoming, kFile, ctx);
  return status ? to_yaml_text(*status) : status.error().render();
}

struct Case {
  const char* name;
  const char* current;
  const char* incoming;
  MergeMode mode;
  const char* expected;
};

class StatusMerge : public ::testing::TestWithParam<Case> {};

TEST_P(StatusMerge, Merges) {
  EXPECT_EQ(merged(GetParam().current, GetParam().incoming, middle(GetParam().mode)), GetParam().expected);
}

constexpr MergeMode kDeep = MergeMode::recursive;
constexpr MergeMode kShallow = MergeMode::kratix_shallow;

INSTANTIATE_TEST_SUITE_P(
    Table, StatusMerge,
    ::testing::Values(
        Case{"NestedMapsMergeRecursively", "connection: {host: x, port: 1}\n",
             "connection: {port: 2, user: u}\n", kDeep, "connection:\n  host: x\n  port: 2\n  user: u\n"},
        Case{"KratixShallowReplacesNestedMaps", "connection: {host: x, port: 1}\n",
             "connection: {port: 2, user: u}\n", kShallow, "connection:\n  port: 2\n  user: u\n"},
        Case{"ThreeLevelsDeep", "a: {b: {c: 1, d: 2}, e: 3}\n", "a: {b: {c: 9}}\n", kDeep,
             "a:\n  b:\n    c: 9\n    d: 2\n  e: 3\n"},
        Case{"NullRemovesAKey", "a: 1\nb: {c: 2, d: 3}\n", "a: null\nb: {c: ~}\n", kDeep, "b:\n  d: 3\n"},
        Case{"ShallowKeepsNull", "a: 1\nb: 2\n", "a: null\n", kShallow, "a: ~\nb: 2\n"},
        Case{"ListsAreReplaced", "tags: [a, b]\n", "tags: [c]\n", kDeep, "tags:\n  - c\n"},
        Case{"MapReplacesScalar", "a: 1\n", "a: {b: 2}\n", kDeep, "a:\n  b: 2\n"},
        Case{"NewKeysAppendInOrderWritten", "b: 1\na: 2\n", "z: 3\nc: 4\na: 5\n", kDeep,
             "b: 1\na: 5\nz: 3\nc: 4\n"},
        Case{"EmptyTextChangesNothing", "a: 1\n", "", kDeep, "a: 1\n"},
        Case{"NullCurrentIsEmpty", "~\n", "a: 1\n", kDeep, "a: 1\n"},
        Case{
            "ConditionsByTypeInStableOrder",
            "conditions:\n  - {type: A, status: \"True\"}\n  - {type: B, status: \"False\"}\n  - {type: C}\n",
            "conditions:\n  - {type: D, status: \"True\"}\n  - {type: B, status: \"True\", reason: Done}\n"
            "  - {type: E}\n",
            kShallow,
            "conditions:\n  - type: A\n    status: \"True\"\n  - type: B\n    status: \"True\"\n    reason: "
            "Done\n"
            "  - type: C\n  - type: D\n    status: \"True\"\n  - type: E\n"},
        Case{"ConditionsIntoNone", "message: hi\n", "conditions: [{type: Ready, status: \"True\"}]\n", kDeep,
             "message: hi\nconditions:\n  - type: Ready\n    status: \"True\"\n"},
        Case{"MessageReplacedByANewOne", "message: db ready\n", "message: dns ready\n", kDeep,
             "message: dns ready\n"},
        Case{"MessageKeptWhenNoneWritten", "message: db ready\n", "url: x\n", kDeep,
             "message: db ready\nurl: x\n"},
        Case{"MessageKeptWhenEmptyWritten", "message: db ready\n", "message: \"\"\n", kShallow,
             "message: db ready\n"}),
    [](const auto& info) { return info.param.name; });

struct MergeRejected {
  const char* name;
  const char* incoming;
  const char* error;
};

class StatusMergeRejects : public ::testing::TestWithParam<MergeRejected> {};

TEST_P(StatusMergeRejects, WithLocation) {
  EXPECT_EQ(merged("a: 1\n", GetParam().incoming, last()), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Table, StatusMergeRejects,
    ::testing::Values(
        MergeRejected{"KratixKey", "message: hi\nkratix:\n  workflows: {}\n",
                      "/kratix/metadata/status.yaml:2:1: \"kratix\" is a status field managed by Kratix (and "
                      "ferry) that "
                      "a pipeline cannot write: remove \"kratix\" from status.yaml"},
        MergeRejected{"NotAMap", "- a\n",
                      "/kratix/metadata/status.yaml:1:1: status must be a map of fields, found a list"},
        MergeRejected{
            "ConditionsAMap", "conditions: {type: Ready}\n",
            "/kratix/metadata/status.yaml:1:13: \"conditions\" must be a list of maps like \"- type: "
            "Ready\", "
            "found a map"},
        MergeRejected{"ConditionAString", "conditions:\n  - {type: A}\n  - Ready\n",
                      "/kratix/metadata/status.yaml:3:5: \"conditions[1]\" must be a map, found a string"},
        MergeRejected{"ConditionWithoutType", "conditions:\n  - status: \"True\"\n",
                      "/kratix/metadata/status.yaml:2:5: missing required field \"conditions[0].type\""},
        MergeRejected{
            "ConditionTypeAList", "conditions:\n  - type: [a]\n",
            "/kratix/metadata/status.yaml:2:11: \"conditions[0].type\" must be a string, found a list"},
        MergeRejected{"MessageAMap", "message: {a: b}\n",
                      "/kratix/metadata/status.yaml:1:10: \"message\" must be a string, found a map"},
        MergeRejected{
            "TwoDocuments", "a: 1\n---\nb: 2\n",
            "/kratix/metadata/status.yaml:3:1: status.yaml must be a single document: merge the fields "
            "into one "
            "map"}),
    [](const auto& info) { return info.param.name; });

constexpr const char* kCompleted =
    "  - type: ConfigureWorkflowCompleted\n    status: \"True\"\n    lastTransitionTime: "
    "\"2024-05-01T12:00:00Z\"\n"
    "    reason: PipelinesExecutedSuccessfully\n    message: Pipelines completed\n";

TEST(StatusMergeLastPipeline, PendingBecomesResourceRequestedAndCompleted) {
  EXPECT_EQ(merged("message: Pending\n", "", last()),
            std::string("message: Resource requested\nconditions:\n") + kCompleted);
}

TEST(StatusMergeLastPipeline, PromiseConfiguredWhenNoMessage) {
  EXPECT_EQ(merged("{}", "", last("promise")),
            std::string("message: Promise configured\nconditions:\n") + kCompleted);
}

TEST(StatusMergeLastPipeline, KeepsAWrittenMessage) {
  EXPECT_EQ(merged("message: Pending\n", "message: db ready\n", last()),
            std::string("message: db ready\nconditions:\n") + kCompleted);
}

TEST(StatusMergeLastPipeline, ReplacesAnEarlierCompletedConditionInPlace) {
  EXPECT_EQ(merged("conditions:\n  - {type: ConfigureWorkflowCompleted, status: \"False\", reason: X}\n"
                   "  - {type: Ready}\nmessage: up\n",
                   "", last()),
            std::string("conditions:\n") + kCompleted + "  - type: Ready\nmessage: up\n");
}

TEST(StatusMergeLastPipeline, DropsSuspendedGeneration) {
  EXPECT_EQ(
      merged("message: up\nkratix: {workflows: {suspendedGeneration: 3, pipelines: [{name: a}]}}\n", "",
             last()),
      std::string("message: up\nkratix:\n  workflows:\n    pipelines:\n      - name: a\nconditions:\n") +
          kCompleted);
}

TEST(StatusMergeLastPipeline, NotCompletedWhenSuspendedOrRetrying) {
  MergeContext ctx = last();
  ctx.workflow_control_requested = true;
  EXPECT_EQ(merged("message: Pending\n", "url: x\n", ctx), "message: Pending\nurl: x\n");
}

TEST(StatusMergeLastPipeline, DryRunMessage) {
  MergeContext ctx = middle();
  ctx.dry_run = true;
  EXPECT_EQ(merged("message: up\n", "message: db ready\n", ctx), "message: Dry run executed\n");
}

// Three pipelines, as run_workflow would chain them: the first pipeline's message survives (§6.7).
TEST(StatusMergeChain, AnEarlierMessageSurvivesLaterPipelines) {
  const YAML::Node start = YAML::Load("message: Pending\n");
  auto first =
      merge_status(start, "message: db ready\nconditions: [{type: Db, status: \"True\"}]\n", kFile, middle());
  ASSERT_TRUE(first.ok());
  auto second = merge_status(*first, "endpoint: {host: db}\n", kFile, middle());
  ASSERT_TRUE(second.ok());
  auto third = merge_status(*second, "endpoint: {port: 5432}\n", kFile, last());
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(to_yaml_text(*third),
            std::string("message: db ready\nconditions:\n  - type: Db\n    status: \"True\"\n") + kCompleted +
                "endpoint:\n  host: db\n  port: 5432\n");
  EXPECT_EQ(to_yaml_text(start), "message: Pending\n");  // inputs are never modified
  EXPECT_EQ(to_yaml_text(*first), "message: db ready\nconditions:\n  - type: Db\n    status: \"True\"\n");
}

struct WithStatus {
  const char* name;
  const char* object;
  const char* status;
  const char* expected;
};

class ObjectWithStatus : public ::testing::TestWithParam<WithStatus> {};

TEST_P(ObjectWithStatus, Renders) {
  EXPECT_EQ(object_with_status(GetParam().object, YAML::Load(GetParam().status)), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ObjectWithStatus,
    ::testing::Values(
        WithStatus{"Appended", "kind: Db\nspec: {size: 1}\n", "message: up\n",
                   "kind: Db\nspec:\n  size: 1\nstatus:\n  message: up\n"},
        WithStatus{"ReplacedInPlace", "kind: Db\nstatus: {message: old, x: 1}\nspec: {size: 1}\n",
                   "message: new\n", "kind: Db\nstatus:\n  message: new\nspec:\n  size: 1\n"},
        WithStatus{"EmptyRemoves", "kind: Db\nstatus: {message: old}\nspec: {size: 1}\n", "{}",
                   "kind: Db\nspec:\n  size: 1\n"},
        WithStatus{"NullLeavesAsWritten", "kind: Db\nspec: {size: 1}\n", "~", "kind: Db\nspec:\n  size: 1\n"},
        WithStatus{"NotAMapUnchanged", "- a\n", "message: up\n", "- a\n"},
        WithStatus{"TwoDocumentsUnchanged", "a: 1\n---\nb: 2\n", "message: up\n", "a: 1\n---\nb: 2\n"}),
    [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace ferry::pipeline

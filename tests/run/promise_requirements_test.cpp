// requiredPromises: parsing (pipeline/promise_parser.cpp) and when a Promise counts as available
// (run/promise_requirements.h).
#include "run/promise_requirements.h"

#include <gtest/gtest.h>

#include <deque>

#include "core/yaml_document.h"
#include "pipeline/promise_parser.h"

namespace ferry::runner {
namespace {

pipeline::Promise promise(const std::string& name, std::vector<pipeline::RequiredPromise> required = {},
                          const std::string& version = "not-set") {
  pipeline::Promise p;
  p.name = name;
  p.version = version;
  p.required_promises = std::move(required);
  return p;
}

class RequirementsTest : public ::testing::Test {
 protected:
  void add(pipeline::Promise p, RequestResult result = RequestResult::succeeded) {
    RequestReport report;
    report.kind = "Promise";
    report.name = p.name;
    report.result = result;
    results.push_back(report);
    platform.promises.push_back(std::move(p));
  }
  std::map<std::string, std::string> unmet() {
    std::map<std::string, const RequestReport*> reports;
    for (const auto& r : results) reports[r.name] = &r;
    return unmet_requirements(platform, reports);
  }
  Platform platform;
  std::deque<RequestReport> results;
};

TEST_F(RequirementsTest, MetWhenTheRequiredPromiseIsThereAtTheVersionAndAvailable) {
  add(promise("app", {{"database", "v2", {}}}));
  add(promise("database", {}, "v2"));
  EXPECT_TRUE(unmet().empty());
}

TEST_F(RequirementsTest, AnEmptyVersionTakesAnyVersion) {
  add(promise("app", {{"database", "", {}}}));
  add(promise("database"));
  EXPECT_TRUE(unmet().empty());
}

// Every unmet requirement is named at once, not only the first: a user fixes them in one go.
TEST_F(RequirementsTest, EveryUnmetRequirementOfAPromiseIsNamed) {
  add(promise("app", {{"database", "", {}}, {"cache", "", {}}, {"queue", "v2", {}}}));
  add(promise("queue", {}, "v1"));
  EXPECT_EQ(unmet(),
            (std::map<std::string, std::string>{
                {"app",
                 "required Promise \"database\" is not in the platform; required Promise \"cache\" is "
                 "not in the platform; required Promise \"queue\" is at version v1, not v2"}}));
}

TEST_F(RequirementsTest, EachUnmetRequirementSaysWhy) {
  add(promise("missing", {{"nowhere", "", {}}}));
  add(promise("old", {{"database", "v3", {}}}));
  add(promise("broken", {{"failing", "", {}}}));
  add(promise("database", {}, "v2"));
  add(promise("failing"), RequestResult::failed);
  EXPECT_EQ(unmet(), (std::map<std::string, std::string>{
                         {"broken", "required Promise \"failing\" is not available (failed)"},
                         {"missing", "required Promise \"nowhere\" is not in the platform"},
                         {"old", "required Promise \"database\" is at version v2, not v3"}}));
}

TEST_F(RequirementsTest, RequirementsAreTransitive) {
  add(promise("app", {{"database", "", {}}}));
  add(promise("database", {{"storage", "", {}}}));
  EXPECT_EQ(unmet(), (std::map<std::string, std::string>{
                         {"app",
                          "required Promise \"database\" is not available: required Promise \"storage\" is "
                          "not in the platform"},
                         {"database", "required Promise \"storage\" is not in the platform"}}));
}

TEST_F(RequirementsTest, ACycleIsNeverMet) {
  add(promise("a", {{"b", "", {}}}));
  add(promise("b", {{"a", "", {}}}));
  const auto reasons = unmet();
  ASSERT_EQ(reasons.size(), 2u);
  EXPECT_EQ(reasons.at("a"), "required Promises form a cycle: a -> b -> a");
  EXPECT_TRUE(reasons.at("b").starts_with("required Promises form a cycle: ")) << reasons.at("b");
}

// What validate warns about (run/preflight.h): the same reasons, but only those the platform alone decides;
// a required Promise that fails in this run is not one of them.
TEST_F(RequirementsTest, TheDeclaredReasonsAreTheRunsWithoutTheFailedPromises) {
  add(promise("missing", {{"nowhere", "", {}}}));
  add(promise("old", {{"database", "v3", {}}}));
  add(promise("broken", {{"failing", "", {}}}));
  add(promise("database", {}, "v2"));
  add(promise("failing"), RequestResult::failed);
  add(promise("a", {{"b", "", {}}}));
  add(promise("b", {{"a", "", {}}}));
  std::map<std::string, std::string> expected = unmet();
  expected.erase("broken");
  EXPECT_EQ(declared_unmet_requirements(platform), expected);
  EXPECT_EQ(expected.size(), 4u);
}

pipeline::Promise parsed(const std::string& text) {
  auto documents = parse_yaml_stream(text, "promise.yaml");
  EXPECT_TRUE(documents) << documents.error().render();
  auto promise = pipeline::parse_promise(documents->front());
  EXPECT_TRUE(promise) << promise.error().render();
  return promise ? *promise : pipeline::Promise{};
}

TEST(RequiredPromisesParsing, ReadsTheListAndTheVersionLabel) {
  const auto p = parsed(
      "apiVersion: platform.kratix.io/v1alpha1\nkind: Promise\nmetadata:\n  name: app\n  labels:\n"
      "    kratix.io/promise-version: v1.2\nspec:\n  requiredPromises:\n    - name: database\n      version: "
      "v2\n"
      "    - name: cache\n");
  EXPECT_EQ(p.version, "v1.2");
  ASSERT_EQ(p.required_promises.size(), 2u);
  EXPECT_EQ(p.required_promises[0].name, "database");
  EXPECT_EQ(p.required_promises[0].version, "v2");
  EXPECT_EQ(p.required_promises[1].version, "");
  EXPECT_EQ(parsed("kind: Promise\nmetadata:\n  name: x\nspec: {}\n").version, "not-set");
}

TEST(RequiredPromisesParsing, AnEntryWithoutANameIsALocatedError) {
  auto documents = parse_yaml_stream(
      "kind: Promise\nmetadata:\n  name: app\nspec:\n  requiredPromises:\n    - version: v2\n",
      "promise.yaml");
  ASSERT_TRUE(documents);
  auto promise = pipeline::parse_promise(documents->front());
  ASSERT_FALSE(promise);
  EXPECT_EQ(promise.error().render(),
            "promise.yaml:6:7: missing required field \"spec.requiredPromises[0].name\"");
}

}  // namespace
}  // namespace ferry::runner

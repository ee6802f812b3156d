// `ferry test pipeline`'s inputs: the Promise file and the object, admitted as the platform loader admits
// requests, and each problem located.
#include "runner/test_pipeline_input.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::write_file;

const char* kPromise =
    "apiVersion: platform.kratix.io/v1alpha1\n"
    "kind: Promise\n"
    "metadata: {name: redis}\n"
    "spec:\n"
    "  api:\n"
    "    apiVersion: apiextensions.k8s.io/v1\n"
    "    kind: CustomResourceDefinition\n"
    "    metadata: {name: redis.example.com}\n"
    "    spec:\n"
    "      group: example.com\n"
    "      names: {kind: Redis, plural: redises}\n"
    "      versions:\n"
    "        - name: v1\n"
    "          served: true\n"
    "          storage: true\n"
    "          schema:\n"
    "            openAPIV3Schema:\n"
    "              type: object\n"
    "              properties:\n"
    "                spec:\n"
    "                  type: object\n"
    "                  properties:\n"
    "                    size: {type: string, default: small}\n"
    "  workflows:\n"
    "    resource:\n"
    "      configure:\n"
    "        - apiVersion: platform.kratix.io/v1alpha1\n"
    "          kind: Pipeline\n"
    "          metadata: {name: p}\n"
    "          spec: {containers: [{name: c, image: img}]}\n"
    "    promise:\n"
    "      configure:\n"
    "        - apiVersion: platform.kratix.io/v1alpha1\n"
    "          kind: Pipeline\n"
    "          metadata: {name: q}\n"
    "          spec: {containers: [{name: c, image: img}]}\n";

class TestPipelineInput : public ::testing::Test {
 protected:
  void SetUp() override { write_file(file("promise.yaml"), kPromise); }
  std::string file(const std::string& name) const { return (dir.path() / name).string(); }
  TestSubjectLoad load(const std::string& object, const std::string& workflow = "resource.configure") {
    if (!object.empty()) write_file(file("object.yaml"), object);
    return load_test_subject(file("promise.yaml"), object.empty() ? "" : file("object.yaml"), workflow);
  }
  std::string error_of(const std::string& object, const std::string& workflow = "resource.configure") {
    TestSubjectLoad loaded = load(object, workflow);
    return loaded.errors.empty() ? "no error" : loaded.errors.front().render();
  }
  ferry::testing::TempDir dir;
};

TEST_F(TestPipelineInput, ARequestIsAdmittedWithTheSchemaDefaults) {
  TestSubjectLoad loaded =
      load("apiVersion: example.com/v1\nkind: Redis\nmetadata: {name: a, namespace: t}\nspec: {}\n");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  const pipeline::WorkflowObject& object = loaded.subject->object;
  EXPECT_EQ(object.workflow_type, "resource");
  EXPECT_EQ(object.action, "configure");
  EXPECT_EQ(object.name, "a");
  EXPECT_EQ(object.namespace_, "t");
  EXPECT_EQ(object.plural, "redises");
  EXPECT_NE(object.object_yaml.find("size: small"), std::string::npos) << object.object_yaml;
}

TEST_F(TestPipelineInput, AnObjectTheSchemaRefusesOrOfAnUnservedVersionIsLocated) {
  EXPECT_EQ(error_of("apiVersion: example.com/v2\nkind: Redis\nmetadata: {name: a}\n"),
            file("object.yaml") + ":1:13: Promise redis does not serve version v2 of Redis");
  EXPECT_EQ(error_of("apiVersion: example.com/v1\nkind: Redis\nmetadata: {name: a}\nspec: {size: 3, x: 1}\n"),
            file("object.yaml") + ":4:14: spec.size: must be a string, found an integer \"3\"");
  EXPECT_EQ(
      error_of("apiVersion: example.com/v1\nkind: Other\nmetadata: {name: a}\n"),
      file("object.yaml") +
          ":2:7: kind Other of group example.com is not what resource.configure of Promise redis runs on: "
          "kind Redis of group example.com");
  EXPECT_EQ(error_of("kind: Redis\n"), file("object.yaml") + ":1:1: missing required field \"apiVersion\"");
  EXPECT_EQ(error_of("a: 1\n---\nb: 2\n"),
            file("object.yaml") + ":3:1: a second document: --input takes one object");
}

TEST_F(TestPipelineInput, APromiseWorkflowRunsOnThePromiseItself) {
  TestSubjectLoad loaded = load("", "promise.configure");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  EXPECT_EQ(loaded.subject->object.workflow_type, "promise");
  EXPECT_EQ(loaded.subject->object.name, "redis");
  EXPECT_NE(loaded.subject->object.object_yaml.find("kind: Promise"), std::string::npos);
  EXPECT_EQ(
      error_of("apiVersion: example.com/v1\nkind: Redis\nmetadata: {name: a}\n", "promise.configure"),
      file("object.yaml") +
          ":2:7: kind Redis of group example.com is not what promise.configure (the Promise itself) runs "
          "on: kind Promise of group platform.kratix.io");
}

TEST_F(TestPipelineInput, TheWorkflowMustBeDeclaredAndThePromiseFileHoldOnePromise) {
  EXPECT_EQ(error_of("", "resource.delete"),
            file("promise.yaml") +
                ":1:1: Promise redis declares no resource.delete workflow; it declares promise.configure, "
                "resource.configure");
  write_file(file("promise.yaml"), std::string(kPromise) + "---\n" + kPromise);
  EXPECT_EQ(error_of("", "promise.configure"),
            file("promise.yaml") + ":38:1: a second Promise: --promise takes a file with one");
  write_file(file("promise.yaml"), "kind: Destination\n");
  EXPECT_EQ(error_of("", "promise.configure"),
            file("promise.yaml") + ": no Promise in this file (a document of kind Promise)");
}

}  // namespace
}  // namespace ferry::runner

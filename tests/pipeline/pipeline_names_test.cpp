// A Pipeline's metadata.name in a Promise's workflows follows the Kubernetes name rules Kratix relies on
// (it goes into a Job's name and the kratix.io/pipeline-name label): a bad one is refused at its value.
#include <gtest/gtest.h>

#include "pipeline/model.h"
#include "pipeline/promise_parser.h"

namespace ferry::pipeline {
namespace {

// A Promise whose resource.configure workflow has one Pipeline named `name` (a YAML scalar as written).
Result<Promise> parse_with_pipeline(const std::string& name) {
  auto docs = parse_yaml_stream(
      "apiVersion: platform.kratix.io/v1alpha1\n"
      "kind: Promise\n"
      "metadata: {name: p}\n"
      "spec:\n"
      "  workflows:\n"
      "    resource:\n"
      "      configure:\n"
      "        - apiVersion: platform.kratix.io/v1alpha1\n"
      "          kind: Pipeline\n"
      "          metadata:\n"
      "            name: " +
          name +
          "\n"
          "          spec:\n"
          "            containers: [{name: c, image: img}]\n",
      "promise.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_promise(docs->at(0));
}

TEST(PipelineNames, AValidNameIsKept) {
  auto promise = parse_with_pipeline("instance-configure.v2");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
}

TEST(PipelineNames, ANameThatBreaksTheRulesIsRefusedAtItsValue) {
  const std::string advice =
      "; use at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending "
      "with a letter or digit (Kratix puts it in a Job's name and in the kratix.io/pipeline-name label)";
  const std::string path = "promise.yaml:11:19: \"spec.workflows.resource.configure[0].metadata.name\" ";
  EXPECT_EQ(parse_with_pipeline("Configure").error().render(),
            path + "\"Configure\" is not a valid pipeline name: it contains 'C'" + advice);
  EXPECT_EQ(parse_with_pipeline("\"../../x\"").error().render(),
            path + "\"../../x\" is not a valid pipeline name: it contains '/'" + advice);
  EXPECT_EQ(
      parse_with_pipeline(std::string(64, 'p')).error().render(),
      path + "\"" + std::string(64, 'p') + "\" is not a valid pipeline name: it has 64 characters" + advice);
}

// Kratix's webhook limit on "<promise>-<type>-<action>-<pipeline>": "p-resource-configure-" is 21 characters.
TEST(PipelineNames, APromiseAndPipelineNameOfAtMost60CharactersTogetherAreKept) {
  auto promise = parse_with_pipeline(std::string(39, 'n'));
  ASSERT_TRUE(promise.ok()) << promise.error().render();
}

TEST(PipelineNames, APromiseAndPipelineNameOverKratixs60CharactersAreRefusedAtThePipelinesName) {
  const std::string identity = "p-resource-configure-" + std::string(40, 'n');
  EXPECT_EQ(
      parse_with_pipeline(std::string(40, 'n')).error().render(),
      "promise.yaml:11:19: \"spec.workflows.resource.configure[0].metadata.name\" makes \"" + identity +
          "\" 61 characters long; Kratix allows at most 60 for \"<promise>-<type>-<action>-<pipeline>\" "
          "(it names the pipeline's Jobs): shorten the Promise's or the pipeline's name");
}

}  // namespace
}  // namespace ferry::pipeline

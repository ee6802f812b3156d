// imagePullPolicy and the ferry.dev/network Pipeline annotation: parsed with located errors, carried into
// each ContainerRun by run_workflow, and spelled as --pull and --network by the podman and docker command
// lines (built without running anything).
#include <gtest/gtest.h>

#include "pipeline/promise_parser.h"
#include "pipeline/workflow.h"
#include "runtime/docker_runtime.h"
#include "runtime/podman_runtime.h"
#include "tests/support/recording_runtime.h"

namespace ferry::pipeline {
namespace {

using Args = std::vector<std::string>;

// A Promise whose resource.configure pipeline has `annotations` (a YAML flow map or "") and one container
// with `container_extra` appended (further keys of the container, indented by 20).
Result<Promise> parse_pull(const std::string& annotations, const std::string& container_extra) {
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
      "            name: build\n" +
          (annotations.empty() ? "" : "            annotations: " + annotations + "\n") +
          "          spec:\n"
          "            containers:\n"
          "              - name: c\n"
          "                image: img\n" +
          container_extra,
      "promise.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_promise(docs->at(0));
}

const Pipeline& only_pipeline(const Promise& promise) {
  return promise.workflows.at("resource.configure").front();
}

TEST(PullPolicy, DefaultsToIfNotPresentWithoutNetwork) {
  auto promise = parse_pull("", "");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  EXPECT_EQ(only_pipeline(*promise).containers[0].pull_policy, PullPolicy::if_not_present);
  EXPECT_FALSE(only_pipeline(*promise).network);
}

TEST(PullPolicy, ReadsEachKubernetesSpelling) {
  const std::vector<std::pair<std::string, PullPolicy>> cases = {{"Always", PullPolicy::always},
                                                                 {"IfNotPresent", PullPolicy::if_not_present},
                                                                 {"Never", PullPolicy::never}};
  for (const auto& [text, policy] : cases) {
    auto promise = parse_pull("", "                imagePullPolicy: " + text + "\n");
    ASSERT_TRUE(promise.ok()) << promise.error().render();
    EXPECT_EQ(only_pipeline(*promise).containers[0].pull_policy, policy) << text;
  }
}

TEST(PullPolicy, AnUnknownValueIsLocatedAtTheValue) {
  EXPECT_EQ(parse_pull("", "                imagePullPolicy: IfMissing\n").error().render(),
            "promise.yaml:16:34: \"spec.workflows.resource.configure[0].spec.containers[0].imagePullPolicy\" "
            "must be one of Always, IfNotPresent, Never; found \"IfMissing\"");
  EXPECT_EQ(parse_pull("", "                imagePullPolicy: [Never]\n").error().render(),
            "promise.yaml:16:34: \"spec.workflows.resource.configure[0].spec.containers[0].imagePullPolicy\" "
            "must be a string, found a list");
}

TEST(NetworkAnnotation, TrueGivesTheNetworkAndOtherValuesAreLocated) {
  auto on = parse_pull("{ferry.dev/network: \"true\"}", "");
  ASSERT_TRUE(on.ok()) << on.error().render();
  EXPECT_TRUE(only_pipeline(*on).network);
  auto off = parse_pull("{ferry.dev/network: \"false\", other: x}", "");
  ASSERT_TRUE(off.ok()) << off.error().render();
  EXPECT_FALSE(only_pipeline(*off).network);
  EXPECT_EQ(
      parse_pull("{ferry.dev/network: \"yes\"}", "").error().render(),
      "promise.yaml:12:46: \"spec.workflows.resource.configure[0].metadata.annotations.ferry.dev/network\" "
      "must be one of false, true; found \"yes\"");
}

TEST(PullPolicy, RunWorkflowCarriesThePolicyAndTheNetworkIntoEachRun) {
  auto promise = parse_pull("{ferry.dev/network: \"true\"}", "                imagePullPolicy: Never\n");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  RecordingRuntime runtime([](const runtime::ContainerRun&) { return runtime::ContainerExit{}; });
  WorkflowObject object{"resource", "configure", "p", "K", "g", "v1", "n", "default", "ks", "kind: K\n"};
  auto results =
      run_workflow(promise->workflows.at("resource.configure"), object, runtime, WorkflowOptions{});
  ASSERT_TRUE(results.ok()) << results.error().render();
  ASSERT_EQ(runtime.runs().size(), 1u);
  EXPECT_EQ(runtime.runs()[0].pull_policy, PullPolicy::never);
  EXPECT_TRUE(runtime.runs()[0].network);
}

runtime::ContainerRun run_with(PullPolicy policy, bool network) {
  runtime::ContainerRun run;
  run.image = "img";
  run.pull_policy = policy;
  run.network = network;
  return run;
}

TEST(PullPolicy, PodmanAndDockerSpellEachPolicyAsPull) {
  const std::vector<std::pair<PullPolicy, std::string>> cases = {
      {PullPolicy::if_not_present, "--pull=missing"},
      {PullPolicy::always, "--pull=always"},
      {PullPolicy::never, "--pull=never"}};
  for (const auto& [policy, flag] : cases) {
    const Args expected{"run", "--rm", "--name", "n", "--network=none", flag, "img"};
    EXPECT_EQ(runtime::PodmanRuntime().arguments_for(run_with(policy, false), "n"), expected);
    EXPECT_EQ(runtime::DockerRuntime().arguments_for(run_with(policy, false), "n"), expected);
  }
}

TEST(NetworkAnnotation, PodmanAndDockerDropNetworkNoneWhenAsked) {
  const Args expected{"run", "--rm", "--name", "n", "--pull=always", "img"};
  EXPECT_EQ(runtime::PodmanRuntime().arguments_for(run_with(PullPolicy::always, true), "n"), expected);
  EXPECT_EQ(runtime::DockerRuntime().arguments_for(run_with(PullPolicy::always, true), "n"), expected);
}

}  // namespace
}  // namespace ferry::pipeline

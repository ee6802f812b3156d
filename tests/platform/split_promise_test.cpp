// The Kratix CLI's --split layout (platform/split_promise.h): which directories are one Promise, the
// Promise their files make (the same as in one file), and errors that name the part's own file.
#include <gtest/gtest.h>

#include "platform/loader.h"

namespace ferry::runner {
namespace {

const std::string kApi = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: apps.example.com}
spec:
  group: example.com
  names: {kind: app, plural: apps}
  versions: [{name: v1, served: true, storage: true}]
)";

const std::string kWorkflow = R"(- apiVersion: platform.kratix.io/v1alpha1
  kind: Pipeline
  metadata: {name: configure}
  spec:
    containers:
      - name: main
        image: busybox
)";

const std::string kDir = "/p/promises/app/";

std::vector<PlatformFile> split_files(const std::string& workflow = kWorkflow) {
  return {{kDir + "api.yaml", kApi},
          {kDir + "dependencies.yaml", ""},  // as `kratix init promise --split` writes it
          {kDir + "example-resource.yaml",
           "apiVersion: example.com/v1\nkind: app\nmetadata: {name: shop, namespace: default}\nspec: {}\n"},
          {kDir + "workflows/resource/configure/workflow.yaml", workflow},
          {kDir + "workflows/resource/configure/configure/main/resources/not-an-object.yaml", "- a list\n"}};
}

TEST(SplitPromise, ADirectoryWithApiAndDependenciesIsOnePromiseNamedAfterIt) {
  const LoadResult loaded = load_platform_files("/p", split_files());
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  ASSERT_EQ(loaded.platform.promises.size(), 1u);
  const pipeline::Promise& promise = loaded.platform.promises.front();
  EXPECT_EQ(promise.name, "app");
  ASSERT_TRUE(promise.api.has_value());
  EXPECT_EQ(promise.api->kind, "app");
  ASSERT_EQ(promise.workflows.count("resource.configure"), 1u);
  EXPECT_EQ(promise.workflows.at("resource.configure").front().containers.front().image, "busybox");
  EXPECT_EQ(promise.dependencies_yaml, "");
  // example-resource.yaml beside it is read as any other file: a request of the Promise.
  ASSERT_EQ(loaded.platform.requests.size(), 1u);
  EXPECT_EQ(loaded.platform.requests.front().name, "shop");
}

TEST(SplitPromise, ItsObjectIsTheSamePromiseWrittenInOneFile) {
  const std::string one_file = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata: {name: app}
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: apps.example.com}
    spec:
      group: example.com
      names: {kind: app, plural: apps}
      versions: [{name: v1, served: true, storage: true}]
  workflows:
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: configure}
          spec:
            containers:
              - name: main
                image: busybox
)";
  const LoadResult split = load_platform_files("/p", split_files());
  const LoadResult single = load_platform_files("/p", {{"/p/promises/app.yaml", one_file}});
  ASSERT_EQ(split.platform.promises.size(), 1u);
  ASSERT_EQ(single.platform.promises.size(), 1u);
  EXPECT_EQ(split.platform.promises.front().object_yaml, single.platform.promises.front().object_yaml);
}

TEST(SplitPromise, PromiseYamlGivesTheRestAndDependenciesAList) {
  std::vector<PlatformFile> files = split_files();
  files.push_back({kDir + "promise.yaml",
                   "apiVersion: platform.kratix.io/v1alpha1\nkind: Promise\n"
                   "metadata: {name: web}\nspec:\n  destinationSelectors: "
                   "[{matchLabels: {env: dev}}]\n"});
  files[1].text = "- apiVersion: v1\n  kind: Namespace\n  metadata: {name: web}\n";
  const LoadResult loaded = load_platform_files("/p", files);
  ASSERT_EQ(loaded.platform.promises.size(), 1u);
  const pipeline::Promise& promise = loaded.platform.promises.front();
  EXPECT_EQ(promise.name, "web");
  EXPECT_EQ(promise.destination_selectors.size(), 1u);
  EXPECT_EQ(promise.dependencies_yaml, "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: web\n");
}

TEST(SplitPromise, AnErrorInAWorkflowNamesItsOwnFile) {
  std::string misspelt = kWorkflow;
  misspelt.replace(misspelt.find("image"), 5, "imag");
  const LoadResult loaded = load_platform_files("/p", split_files(misspelt));
  ASSERT_FALSE(loaded.errors.empty());
  EXPECT_EQ(loaded.errors.front().render(),
            kDir +
                "workflows/resource/configure/workflow.yaml:7:9: unknown field \"imag\" in "
                "\"spec.workflows.resource.configure[0].spec.containers[0]\"; did you mean \"image\"?");
}

TEST(SplitPromise, AWorkflowThatIsNoListIsRefused) {
  const LoadResult loaded =
      load_platform_files("/p", split_files("apiVersion: platform.kratix.io/v1alpha1\n"));
  ASSERT_FALSE(loaded.errors.empty());
  EXPECT_EQ(loaded.errors.front().render(),
            kDir +
                "workflows/resource/configure/workflow.yaml:1:1: \"spec.workflows.resource.configure\" must "
                "be a list of Pipelines, found a map");
}

TEST(SplitPromise, WithoutDependenciesYamlTheDirectoryIsOrdinaryFiles) {
  std::vector<PlatformFile> files = split_files();
  files.erase(files.begin() + 1);
  const LoadResult loaded = load_platform_files("/p", files);
  EXPECT_TRUE(loaded.platform.promises.empty());
  EXPECT_FALSE(loaded.errors.empty());  // the workflow.yaml list is no object, and the request has no Promise
}

}  // namespace
}  // namespace ferry::runner

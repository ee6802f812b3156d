// The typos of issue 22, each refused at the misspelt key with the right name; a field Kratix knows but
// ferry does not honour yet refused at its value; an unknown openAPI schema keyword dropped with a warning.
#include <gtest/gtest.h>

#include "platform/loader.h"

namespace ferry::runner {
namespace {

const std::string kHead = "apiVersion: platform.kratix.io/v1alpha1\n";

// A Promise with one resource configure Pipeline whose only container is `container` (indented by 10).
std::string promise_with_container(const std::string& container) {
  return kHead + R"(kind: Promise
metadata:
  name: redis
spec:
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
)" + container;
}

std::vector<std::string> rendered(const std::vector<Error>& errors) {
  std::vector<std::string> out;
  for (const Error& error : errors) out.push_back(error.render());
  return out;
}

std::vector<std::string> errors_of(const std::string& text) {
  return rendered(load_platform_files("/p", {{"/p/file.yaml", text}}).errors);
}

::testing::AssertionResult has(const std::vector<std::string>& errors, const std::string& expected) {
  if (std::find(errors.begin(), errors.end(), expected) != errors.end()) return ::testing::AssertionSuccess();
  std::string found;
  for (const std::string& e : errors) found += "\n  " + e;
  return ::testing::AssertionFailure() << "expected " << expected << "\nfound:" << found;
}

TEST(StrictTypos, MatchlabelsInDestinationSelectors) {
  EXPECT_TRUE(has(errors_of(kHead + "kind: Promise\nmetadata: {name: redis}\nspec:\n  destinationSelectors:\n"
                                    "    - matchlabels: {env: dev}\n"),
                  "/p/file.yaml:6:7: unknown field \"matchlabels\" in \"spec.destinationSelectors[0]\"; did "
                  "you mean \"matchLabels\"?"));
}

TEST(StrictTypos, WorkflowForWorkflows) {
  EXPECT_TRUE(has(errors_of(kHead + "kind: Promise\nmetadata: {name: redis}\nspec:\n  workflow:\n"
                                    "    resource: {configure: []}\n"),
                  "/p/file.yaml:5:3: unknown field \"workflow\" in \"spec\"; did you mean \"workflows\"?"));
}

TEST(StrictTypos, StrictMatchlabelsOnADestination) {
  EXPECT_TRUE(has(errors_of(kHead + "kind: Destination\nmetadata: {name: dev}\nspec:\n  path: dev\n"
                                    "  strictMatchlabels: true\n  stateStoreRef: {name: default}\n"),
                  "/p/file.yaml:6:3: unknown field \"strictMatchlabels\" in \"spec\"; did you mean "
                  "\"strictMatchLabels\"?"));
}

TEST(StrictTypos, BrnachOnAGitStateStore) {
  EXPECT_TRUE(has(errors_of(kHead + "kind: GitStateStore\nmetadata: {name: default}\nspec:\n"
                                    "  url: https://example.com/state.git\n  brnach: live\n"),
                  "/p/file.yaml:6:3: unknown field \"brnach\" in \"spec\"; did you mean \"branch\"?"));
}

TEST(StrictTypos, ImagePullpolicyAndComandInAContainer) {
  EXPECT_TRUE(has(errors_of(promise_with_container("                imagePullpolicy: Always\n")),
                  "/p/file.yaml:16:17: unknown field \"imagePullpolicy\" in "
                  "\"spec.workflows.resource.configure[0].spec.containers[0]\"; did you mean "
                  "\"imagePullPolicy\"?"));
  EXPECT_TRUE(has(errors_of(promise_with_container("                comand: [sh]\n")),
                  "/p/file.yaml:16:17: unknown field \"comand\" in "
                  "\"spec.workflows.resource.configure[0].spec.containers[0]\"; did you mean \"command\"?"));
}

TEST(StrictTypos, NothingNearListsTheKnownFields) {
  EXPECT_TRUE(has(errors_of(kHead + "kind: GitStateStore\nmetadata: {name: default}\nspec:\n"
                                    "  url: https://example.com/state.git\n  repository: x\n"),
                  "/p/file.yaml:6:3: unknown field \"repository\" in \"spec\"; known fields: url, path, "
                  "secretRef, branch, authMethod, gitAuthor"));
}

TEST(StrictTypos, ObjectMetaOfARequest) {
  const std::string promise = kHead + R"(kind: Promise
metadata: {name: redis}
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: redis.marketplace.kratix.io}
    spec:
      group: marketplace.kratix.io
      names: {kind: redis, plural: redis}
      versions: [{name: v1alpha1, served: true, storage: true}]
)";
  const std::string request =
      "apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: r\n  namespce: team\n";
  const auto errors = rendered(
      load_platform_files("/p", {{"/p/promise.yaml", promise}, {"/p/request.yaml", request}}).errors);
  EXPECT_TRUE(has(errors,
                  "/p/request.yaml:5:3: unknown field \"namespce\" in \"metadata\"; did you mean "
                  "\"namespace\"?"));
}

// A list given as a map is the parser's type error, not an unknown field of the map's keys.
TEST(StrictTypos, AListWrittenAsAMapIsATypeError) {
  const std::string text = kHead + R"(kind: Promise
metadata: {name: redis}
spec:
  workflows:
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: configure}
          spec:
            containers:
              generate: {image: busybox}
)";
  EXPECT_TRUE(has(errors_of(text),
                  "/p/file.yaml:12:13: \"spec.workflows.resource.configure[0].spec.containers\" "
                  "must list at least one container"));
}

// The Pipeline fields ferry honours (volumes, resources, securityContext, jobOptions, ...) pass the strict
// check, and a misspelt key inside them is refused with the nearest known name.
TEST(HonouredPipelineFields, PassTheStrictCheckAndTheirMisspeltKeysAreRefused) {
  const std::string honoured = promise_with_container(
      "                resources: {limits: {cpu: 500m, memory: 64Mi}}\n"
      "                securityContext: {runAsUser: 1000, capabilities: {drop: [ALL]}}\n"
      "            jobOptions: {backoffLimit: 1}\n"
      "            imagePullSecrets: [{name: registry}]\n");
  for (const std::string& error : errors_of(honoured)) {
    EXPECT_EQ(error.find("unknown field"), std::string::npos) << error;
    EXPECT_EQ(error.find("not supported"), std::string::npos) << error;
  }
  EXPECT_TRUE(has(errors_of(promise_with_container("                resources: {limts: {cpu: 1}}\n")),
                  "/p/file.yaml:16:29: unknown field \"limts\" in "
                  "\"spec.workflows.resource.configure[0].spec.containers[0].resources\"; did you mean "
                  "\"limits\"?"));
  EXPECT_TRUE(has(errors_of(promise_with_container("                securityContext: {runAsUsr: 1}\n")),
                  "/p/file.yaml:16:35: unknown field \"runAsUsr\" in "
                  "\"spec.workflows.resource.configure[0].spec.containers[0].securityContext\"; did you "
                  "mean \"runAsUser\"?"));
  EXPECT_TRUE(has(errors_of(promise_with_container("            jobOptions: {backofLimit: 1}\n")),
                  "/p/file.yaml:16:26: unknown field \"backofLimit\" in "
                  "\"spec.workflows.resource.configure[0].spec.jobOptions\"; did you mean "
                  "\"backoffLimit\"?"));
}

TEST(SchemaKeywords, AnUnknownKeywordIsDroppedWithAWarning) {
  const std::string promise = kHead + R"(kind: Promise
metadata: {name: app}
spec:
  api:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {name: apps.marketplace.kratix.io}
    spec:
      group: marketplace.kratix.io
      names: {kind: app, plural: apps}
      versions:
        - name: v1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  properties:
                    name:
                      type: string
                      regex: "^[a-z]+$"
)";
  const LoadResult loaded = load_platform_files("/p", {{"/p/app.yaml", promise}});
  EXPECT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  EXPECT_TRUE(
      has(rendered(loaded.warnings),
          "/p/app.yaml:25:23: schema keyword \"regex\" is not an openAPIV3Schema keyword: dropped, as "
          "Kratix's API server drops it, so it checks nothing (a string's regular expression is "
          "\"pattern\")"));
  // What Kubernetes' rules refuse stays refused: a wrong type.
  std::string wrong = promise;
  wrong.replace(wrong.find("type: string"), 12, "type: text");
  EXPECT_FALSE(load_platform_files("/p", {{"/p/app.yaml", wrong}}).errors.empty());
}

}  // namespace
}  // namespace ferry::runner

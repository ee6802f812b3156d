// End to end: a Promise in the Kratix CLI's `init promise --split` layout (docs/platform.md) loads and runs
// exactly as the same Promise written as one promise.yaml: both platforms' Destinations end with the same
// tree. Its pipelines copy /kratix/input/object.yaml to their output, so the Promise object the split parts
// make is compared too. Pipelines are host scripts under --runtime exec.
#include <gtest/gtest.h>

#include "tests/support/compound_platform.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::TempDir;
using ferry::testing::write_file;

const std::string kApi = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: apps.example.com
spec:
  group: example.com
  names:
    kind: app
    plural: apps
  versions:
    - name: v1
      served: true
      storage: true
)";

const std::string kDependencies = R"(- apiVersion: v1
  kind: Namespace
  metadata:
    name: apps
)";

std::string workflow(const std::string& name, const std::string& image) {
  return R"(- apiVersion: platform.kratix.io/v1alpha1
  kind: Pipeline
  metadata:
    name: )" +
         name + R"(
  spec:
    containers:
      - name: copy
        image: )" +
         image + "\n";
}

// One store and one Destination, "worker": the pipelines' copies of Promise and request objects must land on
// no platform Destination, which would read them back as platform objects.
const std::string kStoreAndWorker = R"(apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata: {name: default}
spec: {url: ../state.git}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: worker
  labels: {environment: dev}
spec:
  path: worker
  stateStoreRef: {kind: GitStateStore, name: default}
)";

// Each line of `text` indented by `spaces`.
std::string indented(const std::string& text, int spaces) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    out += std::string(spaces, ' ') + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

// The same Promise in one document, its fields in the order `kratix build promise` assembles them.
std::string one_file_promise() {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: Promise\nmetadata:\n  name: app\nspec:\n  api:\n" +
         indented(kApi, 4) + "  dependencies:\n" + indented(kDependencies, 4) +
         "  workflows:\n    promise:\n" + "      configure:\n" + indented(workflow("deps", "copy:v1"), 8) +
         "    resource:\n      configure:\n" + indented(workflow("configure", "copy:v1"), 8);
}

class SplitPromiseE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "exec/copy.sh", "cp /kratix/input/object.yaml /kratix/output/object.yaml\n");
    write_file(dir.path() / "exec/ferry-exec.yaml", "images:\n  copy:v1: [/bin/sh, ./copy.sh]\n");
    for (const std::string name : {"single", "split"}) {
      write_file(dir.path() / name / "platform/platform.yaml", kStoreAndWorker);
      write_file(dir.path() / name / "platform/requests/shop.yaml",
                 ferry::testing::compound_request("app", "shop"));
    }
    write_file(dir.path() / "single/platform/promises/app.yaml", one_file_promise());
    const std::filesystem::path split = dir.path() / "split/platform/promises/app";
    write_file(split / "api.yaml", kApi);
    write_file(split / "dependencies.yaml", kDependencies);
    write_file(split / "workflows/promise/configure/workflow.yaml", workflow("deps", "copy:v1"));
    write_file(split / "workflows/resource/configure/workflow.yaml", workflow("configure", "copy:v1"));
    // What `kratix add container` scaffolds beside a workflow: pipeline source, not platform objects.
    write_file(split / "workflows/resource/configure/configure/copy/resources/template.yaml",
               "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: template}\n");
  }

  // `ferry reconcile` of dir/<name>/platform; the exit code, stderr in dir/<name>/stderr.
  int reconcile(const std::string& name) {
    const auto result = run_ferry({"reconcile", (dir.path() / name / "platform").string(), "--runtime",
                                   "exec", "--exec-config", (dir.path() / "exec/ferry-exec.yaml").string()});
    write_file(dir.path() / name / "stderr", result.output + result.error_output);
    return result.exit_code;
  }

  std::string tree(const std::string& name, const std::string& what) const {
    return git(dir.path() / name / "state.git", what);
  }

  TempDir dir;
};

TEST_F(SplitPromiseE2E, TheSplitLayoutRunsAsTheSamePromiseInOneFile) {
  ASSERT_EQ(reconcile("single"), 0) << read_file(dir.path() / "single/stderr");
  ASSERT_EQ(reconcile("split"), 0) << read_file(dir.path() / "split/stderr");
  const std::string listing = "ls-tree -r main";
  EXPECT_NE(tree("single", listing).find("worker/dependencies/"), std::string::npos)
      << tree("single", listing);
  EXPECT_NE(tree("single", listing).find("worker/resources/default/app/shop/"), std::string::npos);
  EXPECT_EQ(tree("split", listing), tree("single", listing));
  EXPECT_EQ(tree("split", "rev-parse main^{tree}"), tree("single", "rev-parse main^{tree}"));
}

}  // namespace
}  // namespace ferry

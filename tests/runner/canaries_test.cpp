// Kratix's canary files in a run (run/canaries.h): one commit per store before any object commits,
// nothing when they are in place, deletions for enabled: false, nothing at all without initWorkloads; and
// a store that refuses them is a located run error. Recording stores and a recording runtime.
#include "run/canaries.h"

#include <gtest/gtest.h>

#include "platform/loader.h"
#include "run/reconcile.h"
#include "runner/report.h"
#include "tests/support/platform_texts.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/recording_state_store.h"
#include "tests/support/shared_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

// dev and prod on store "default" (dev's canaries as `dev_init`, prod's as `prod_init`); "" leaves the
// field out.
std::string destinations(const std::string& dev_init, const std::string& prod_init) {
  auto destination = [](const std::string& name, const std::string& init) {
    std::string text =
        "apiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: " + name +
        "\n  labels: {env: " + name + "}\nspec:\n  path: " + name +
        "\n  stateStoreRef: {kind: GitStateStore, name: default}\n";
    if (!init.empty()) text += "  initWorkloads: {enabled: " + init + "}\n";
    return text;
  };
  return destination("dev", dev_init) + "---\n" + destination("prod", prod_init);
}

class CanariesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "platform/stores.yaml", kStore);
    write_file(dir.path() / "platform/promise.yaml", kPromise);
    write_file(dir.path() / "platform/request.yaml", kRequest);
    std::filesystem::create_directories(dir.path() / "scratch");
  }

  Platform load(const std::string& dev_init, const std::string& prod_init) {
    write_file(dir.path() / "platform/destinations.yaml", destinations(dev_init, prod_init));
    LoadResult loaded = load_platform(dir.path() / "platform");
    EXPECT_TRUE(loaded.errors.empty()) << (loaded.errors.empty() ? "" : loaded.errors[0].render());
    return loaded.platform;
  }

  RunReport run(const std::string& dev_init, const std::string& prod_init) {
    const Platform platform = load(dev_init, prod_init);
    pipeline::RecordingRuntime runtime([](const runtime::ContainerRun& run) {
      write_file(pipeline::host_path_of(run, "/kratix/output") / "redis.yaml", "x\n");
      return runtime::ContainerExit{0, false, ""};
    });
    StoreOpener opener = [this](const GitStateStore&) -> Result<std::unique_ptr<writer::StateStore>> {
      return std::unique_ptr<writer::StateStore>(std::make_unique<SharedStore>(store));
    };
    auto report = reconcile(platform, runtime, opener, {dir.path() / "scratch", 1, std::chrono::seconds(5)});
    EXPECT_TRUE(report.ok()) << report.error().render();
    return report.ok() ? *report : RunReport{};
  }

  TempDir dir;
  writer::RecordingStateStore store{"default"};
};

TEST_F(CanariesTest, EnabledWritesBothFilesInOneCommitBeforeAnyObjectCommits) {
  const RunReport report = run("true", "true");
  ASSERT_GE(store.commits().size(), 2u);
  const writer::RecordedCommit first = store.commits()[0];
  EXPECT_EQ(first.change.message, "Update from: kratix-canary\n\nFerry-Destinations: dev, prod\n");
  EXPECT_EQ(writer::files_below(first.files, ""),
            (writer::Files{{"dev/dependencies/kratix-canary-namespace.yaml", kCanaryNamespaceYaml},
                           {"dev/resources/kratix-canary-configmap.yaml", kCanaryConfigMapYaml},
                           {"prod/dependencies/kratix-canary-namespace.yaml", kCanaryNamespaceYaml},
                           {"prod/resources/kratix-canary-configmap.yaml", kCanaryConfigMapYaml}}));
  ASSERT_EQ(report.canary_commits.size(), 1u);
  EXPECT_EQ(report.canary_commits[0].sha, "fake-1");
  EXPECT_EQ(report.requests.at(0).result, RequestResult::succeeded);
  EXPECT_TRUE(store.files().contains("dev/dependencies/kratix-canary-namespace.yaml"));
  const std::string text = render_text(report, {});
  EXPECT_EQ(text.substr(0, text.find('\n') + 1), "canary files committed fake-1 to default@main\n");
  EXPECT_EQ(exit_code_of(report), 0);
}

TEST_F(CanariesTest, TheNamespaceFileIsKratixsYamlMarshalOutput) {
  EXPECT_EQ(
      std::string(kCanaryNamespaceYaml),
      "apiVersion: v1\nkind: Namespace\nmetadata:\n  creationTimestamp: null\n  name: kratix-worker-system\n"
      "spec: {}\nstatus: {}\n");
  EXPECT_EQ(
      std::string(kCanaryConfigMapYaml),
      "apiVersion: v1\ndata:\n  canary: the confirms your infrastructure is reading from Kratix state "
      "stores\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: kratix-info\n  namespace: "
      "kratix-worker-system\n");
}

TEST_F(CanariesTest, ASecondRunMakesNoCanaryCommit) {
  run("true", "");
  const std::size_t commits = store.commit_count();
  const RunReport again = run("true", "");
  EXPECT_TRUE(again.canary_commits.empty());
  EXPECT_EQ(store.commit_count(), commits);
  EXPECT_EQ(render_text(again, {}).find("canary"), std::string::npos);
}

TEST_F(CanariesTest, DisabledDeletesThemAndAbsentLeavesThemAlone) {
  run("true", "true");
  const RunReport report = run("false", "");
  ASSERT_EQ(report.canary_commits.size(), 1u);
  const writer::Files files = store.files();
  EXPECT_FALSE(files.contains("dev/dependencies/kratix-canary-namespace.yaml"));
  EXPECT_FALSE(files.contains("dev/resources/kratix-canary-configmap.yaml"));
  EXPECT_TRUE(files.contains("prod/dependencies/kratix-canary-namespace.yaml"));
  EXPECT_TRUE(files.contains("prod/resources/kratix-canary-configmap.yaml"));
  EXPECT_TRUE(files.contains("dev/resources/team-a/redis/cache/instance-configure/5058f/redis.yaml"));
  EXPECT_EQ(store.commits().back().change.message, "Update from: kratix-canary\n\nFerry-Destinations: dev\n");
}

TEST_F(CanariesTest, WithoutInitWorkloadsNoStoreGetsACanaryChange) {
  EXPECT_TRUE(canary_changes(load("", "")).empty());
  run("", "");
  for (const writer::Change& change : store.changes()) EXPECT_TRUE(change.files.empty()) << change.message;
}

TEST_F(CanariesTest, AStoreThatRefusesThemIsALocatedRunErrorAndTheRunGoesOn) {
  store.fail_next_apply(make_error("the server refused the push"));
  const RunReport report = run("true", "");
  const std::string where = (dir.path() / "platform/stores.yaml").string() + ":1:1";
  EXPECT_EQ(
      report.canary_errors,
      std::vector<std::string>{where + ": GitStateStore \"default\": canary files not written: the server "
                                       "refused the push"});
  EXPECT_TRUE(report.canary_commits.empty());
  EXPECT_EQ(report.requests.at(0).result, RequestResult::succeeded);
  EXPECT_EQ(exit_code_of(report), 3);
  const std::string text = render_text(report, {});
  EXPECT_NE(text.find("\nerror: " + report.canary_errors[0] + "\n"), std::string::npos) << text;
}

}  // namespace
}  // namespace ferry::runner

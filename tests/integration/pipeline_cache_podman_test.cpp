// The pipeline cache with real podman: a second run of the same workflow starts no container and gives
// byte-identical results, also from a new runtime and cache object (the cache is on disk); rebuilding the
// image under the same tag with other content misses. Needs ci/build-images.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <string>

#include "pipeline/workflow.h"
#include "runtime/podman_runtime.h"
#include "tests/support/test_support.h"

namespace ferry::pipeline {
namespace {

using ferry::testing::run;
using ferry::testing::shell_quote;

const std::string kBase = "localhost/ferry-fixtures/redis-configure:dev";
// A tag of this process's own: ctest runs each test as a process, two at a time, and a test's TearDown
// removes its image, which must not be another test's.
const std::string kProbe = "localhost/ferry-test/cache-probe-" + std::to_string(::getpid()) + ":dev";

// A real runtime that counts the containers it starts.
class CountingRuntime : public runtime::ContainerRuntime {
 public:
  std::string name() const override { return podman_.name(); }
  Result<runtime::ContainerExit> run(const runtime::ContainerRun& run) override {
    ++started;
    return podman_.run(run);
  }
  Result<std::string> image_digest(const std::string& image) override { return podman_.image_digest(image); }
  std::atomic<int> started{0};

 private:
  runtime::PodmanRuntime podman_;
};

// Builds kProbe FROM the fixture image; `content` goes into a file of the image, so each value is another
// image under the same tag.
void build_probe(const std::string& content) {
  ferry::testing::TempDir context;
  ferry::testing::write_file(context.path() / "Containerfile",
                             "FROM " + kBase + "\nCOPY probe.txt /probe.txt\n");
  ferry::testing::write_file(context.path() / "probe.txt", content);
  const auto built =
      run("podman build -q --pull=never -t " + kProbe + " " + shell_quote(context.path().string()));
  ASSERT_EQ(built.exit_code, 0) << built.output;
}

class PodmanPipelineCache : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run("podman image exists " + kBase).exit_code, 0)
        << kBase << " is missing: run ci/build-images";
    build_probe("one");
    options.scratch_dir = dir.path() / "scratch";
  }
  void TearDown() override { run("podman rmi --force " + kProbe); }

  // One run with a fresh runtime and cache object on the same cache directory.
  std::vector<PipelineResult> run_once(int& started) {
    CountingRuntime runtime;
    DiskPipelineCache cache(dir.path() / "cache", kDefaultPipelineCacheBytes,
                            [](const std::string& w) { ADD_FAILURE() << w; });
    WorkflowOptions with_cache = options;
    with_cache.cache = &cache;
    auto results = run_workflow({pipeline}, object, runtime, with_cache);
    EXPECT_TRUE(results.ok()) << results.error().render();
    started = runtime.started;
    return results.ok() ? *results : std::vector<PipelineResult>{};
  }

  ferry::testing::TempDir dir;
  WorkflowOptions options;
  Pipeline pipeline{"instance-configure", {Container{"generate", kProbe, {}, {}, {}}}, false, {}};
  WorkflowObject object{"resource",
                        "configure",
                        "redis",
                        "Redis",
                        "marketplace.kratix.io",
                        "v1alpha1",
                        "cache-a",
                        "default",
                        "redises",
                        "apiVersion: marketplace.kratix.io/v1alpha1\n"
                        "kind: Redis\nspec:\n  size: large\n"};
};

TEST_F(PodmanPipelineCache, SecondRunStartsNoContainerAndGivesIdenticalOutputs) {
  int started = 0;
  const auto first = run_once(started);
  EXPECT_EQ(started, 1);
  const auto second = run_once(started);
  EXPECT_EQ(started, 0);
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_FALSE(first[0].from_cache);
  EXPECT_TRUE(second[0].from_cache);
  ASSERT_EQ(first[0].groups.size(), 1u);
  EXPECT_EQ(second[0].groups.at(0).files, first[0].groups[0].files);
  EXPECT_EQ(first[0].groups[0].files.at(0).path, "redis.yaml");
  EXPECT_EQ(second[0].status_yaml, first[0].status_yaml);
  EXPECT_EQ(second[0].message, "redis cache-a is large");
}

TEST_F(PodmanPipelineCache, RebuiltImageUnderTheSameTagMisses) {
  int started = 0;
  run_once(started);
  run_once(started);
  ASSERT_EQ(started, 0);
  build_probe("two");
  const auto rebuilt = run_once(started);
  EXPECT_EQ(started, 1);
  ASSERT_EQ(rebuilt.size(), 1u);
  EXPECT_FALSE(rebuilt[0].from_cache);
}

}  // namespace
}  // namespace ferry::pipeline

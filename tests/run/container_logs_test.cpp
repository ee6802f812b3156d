// Container logs (docs/logs.md): the bound on what is kept of one container's output
// (pipeline/container_log.h), the store of each object's last run (run/container_log_store.h), and a
// workflow run keeping its containers' logs, masked, in order (run/workflow_runs.h).
#include <gtest/gtest.h>

#include <filesystem>

#include "core/secret_values.h"
#include "pipeline/container_log.h"
#include "run/container_log_store.h"
#include "run/workflow_runs.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

namespace fs = std::filesystem;
using pipeline::bounded_container_log;
using pipeline::ContainerLog;

TEST(ContainerLogBound, AFittingLogIsKeptWhole) {
  EXPECT_EQ(bounded_container_log("one\ntwo\n", 8), "one\ntwo\n");
  EXPECT_EQ(pipeline::kContainerLogBytes, 256u << 10);
}

TEST(ContainerLogBound, ALongLogKeepsItsTailFromAWholeLineAndSaysWhatWasCut) {
  std::string log;
  for (int i = 0; i < 1000; ++i) log += "line " + std::to_string(i) + "\n";
  const std::string kept = bounded_container_log(log, 100);
  const std::string tail = log.substr(log.find("line 989\n"));  // 11 lines of 9 bytes fit in 100, 12 do not
  EXPECT_EQ(kept, "[ferry: " + std::to_string(log.size() - tail.size()) +
                      " earlier bytes of this log were cut]\n" + tail);
}

TEST(ContainerLogBound, ALongLineIsCutMidLine) {
  EXPECT_EQ(bounded_container_log(std::string(10, 'a') + "bcd", 3),
            "[ferry: 10 earlier bytes of this log were cut]\nbcd");
}

class ContainerLogStoreTest : public ::testing::Test {
 protected:
  ferry::testing::TempDir dir;
  const LoggedObject cache_a{"default", "redis", "cache-a"};
};

TEST_F(ContainerLogStoreTest, KeepsEachContainerInTheOrderItRanAndTheNextRunReplacesThem) {
  ASSERT_TRUE(keep_container_logs(
      dir.path(), cache_a,
      {{"configure", "zeta", "z\n"}, {"configure", "alpha", "a\n"}, {"notify", "send", ""}}));
  EXPECT_EQ(ferry::testing::read_file(dir.path() / "requests/default/redis/cache-a/configure/zeta.log"),
            "z\n");
  auto logs = read_container_logs(dir.path(), cache_a);
  ASSERT_TRUE(logs);
  ASSERT_EQ(logs->size(), 3u);
  EXPECT_EQ((*logs)[0].container, "zeta");
  EXPECT_EQ((*logs)[1].container, "alpha");
  EXPECT_EQ((*logs)[1].text, "a\n");
  EXPECT_EQ((*logs)[2].pipeline, "notify");

  ASSERT_TRUE(keep_container_logs(dir.path(), cache_a, {{"configure", "alpha", "again\n"}}));
  logs = read_container_logs(dir.path(), cache_a);
  ASSERT_TRUE(logs);
  ASSERT_EQ(logs->size(), 1u);
  EXPECT_EQ((*logs)[0].text, "again\n");
  EXPECT_FALSE(fs::exists(dir.path() / "requests/default/redis/cache-a/notify"));
  EXPECT_EQ(
      std::distance(fs::directory_iterator(dir.path() / "requests/default/redis"), fs::directory_iterator()),
      1);  // no .new or .old folder left beside it
}

TEST_F(ContainerLogStoreTest, PromisesAndRequestsOfTwoPromisesAreKeptApart) {
  ASSERT_TRUE(keep_container_logs(dir.path(), {"", "redis", "redis"}, {{"promise-configure", "c", "p\n"}}));
  ASSERT_TRUE(keep_container_logs(dir.path(), cache_a, {{"configure", "c", "r\n"}}));
  ASSERT_TRUE(keep_container_logs(dir.path(), {"default", "app", "cache-a"}, {{"configure", "c", "q\n"}}));
  EXPECT_TRUE(fs::exists(dir.path() / "promises/redis/promise-configure/c.log"));
  const auto found = logged_requests(dir.path(), "default", "cache-a");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].promise, "app");
  EXPECT_EQ(found[1].promise, "redis");
  EXPECT_TRUE(logged_requests(dir.path(), "default", "cache-b").empty());
  auto none = read_container_logs(dir.path(), {"default", "redis", "cache-b"});
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
}

TEST_F(ContainerLogStoreTest, AWorkflowRunKeepsAndShowsItsContainersOutputMasked) {
  remember_secret_value("s3cret-value");
  pipeline::RecordingRuntime runtime([](const runtime::ContainerRun& run) {
    return runtime::ContainerExit{0, false, run.label + " says s3cret-value\n"};
  });
  pipeline::Promise promise;
  promise.name = "redis";
  promise.workflows["resource.configure"] = {
      pipeline::Pipeline{"configure", {{"first", "img:1"}, {"second", "img:2"}}}};
  pipeline::Request request{
      "redis",   "marketplace.kratix.io/v1alpha1",
      "redis",   "cache-a",
      "default", "apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata: {name: cache-a}\n"};
  ferry::testing::TempDir scratch;
  ReconcileOptions options{scratch.path()};
  options.container_logs_dir = dir.path() / "logs";
  std::vector<std::string> shown;
  options.show_container_log = [&](const std::string& who, const ContainerLog& log) {
    shown.push_back(who + " " + log.pipeline + "/" + log.container + " " + log.text);
  };
  auto ran = run_workflow_if_any(promise, "resource.configure",
                                 request_workflow_object(request, promise, "configure"), runtime, options);
  ASSERT_TRUE(ran) << ran.error().message;
  EXPECT_EQ(shown,
            (std::vector<std::string>{"default/cache-a configure/first configure/first says ***\n",
                                      "default/cache-a configure/second configure/second says ***\n"}));
  auto kept = read_container_logs(options.container_logs_dir, cache_a);
  ASSERT_TRUE(kept);
  ASSERT_EQ(kept->size(), 2u);
  EXPECT_EQ((*kept)[1].text, "configure/second says ***\n");
  forget_secret_values();
}

}  // namespace
}  // namespace ferry::runner

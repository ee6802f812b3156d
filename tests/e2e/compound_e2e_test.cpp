// End to end: a compound Promise (docs/compound-promises.md). Promise "app" places on the platform
// Destination and its pipeline writes a "db" request there; the same run reads it back and runs db's
// pipeline, whose output lands on the worker. Pipelines are host scripts under --runtime exec.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/support/compound_platform.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::TempDir;
using ferry::testing::write_file;

// app's pipeline asks for a database named after its request; db's writes the database's manifest.
constexpr const char* kAppScript = R"(name=$(sed -n 's/^  name: //p' /kratix/input/object.yaml)
printf 'apiVersion: example.com/v1\nkind: db\nmetadata:\n  name: %s-db\n  namespace: default\n  labels: {kratix.io/parent-resource-name: %s}\nspec: {}\n' "$name" "$name" > /kratix/output/request.yaml
)";
constexpr const char* kDbScript = R"(name=$(sed -n 's/^  name: //p' /kratix/input/object.yaml)
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: %s}\n' "$name" > /kratix/output/db.yaml
)";

class CompoundE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(platform() / "platform.yaml", ferry::testing::compound_store_and_destinations("../state.git"));
    write_file(platform() / "promises/app.yaml",
               ferry::testing::compound_promise("app", "platform", "app:v1"));
    write_file(platform() / "promises/db.yaml", ferry::testing::compound_promise("db", "dev", "db:v1"));
    write_file(platform() / "requests/shop.yaml", ferry::testing::compound_request("app", "shop"));
    write_file(dir.path() / "exec/app.sh", kAppScript);
    write_file(dir.path() / "exec/db.sh", kDbScript);
    write_file(dir.path() / "exec/ferry-exec.yaml",
               "images:\n  app:v1: [/bin/sh, ./app.sh]\n  db:v1: [/bin/sh, ./db.sh]\n");
  }
  std::filesystem::path platform() const { return dir.path() / "platform"; }
  std::filesystem::path state() const { return dir.path() / "state.git"; }

  // `ferry reconcile --output json PLATFORM`: exit code and "namespace/name" -> result; stderr left in
  // dir/stderr.
  std::pair<int, std::map<std::string, std::string>> reconcile(const std::string& platform_argument = "") {
    const std::string argument = platform_argument.empty() ? platform().string() : platform_argument;
    const auto result = run_ferry({"reconcile", "--output", "json", argument, "--runtime", "exec",
                                   "--exec-config", (dir.path() / "exec/ferry-exec.yaml").string()});
    write_file(dir.path() / "stderr", result.error_output);
    const nlohmann::json report = nlohmann::json::parse(result.output, nullptr, false);
    EXPECT_FALSE(report.is_discarded()) << result.output << result.error_output;
    std::map<std::string, std::string> results;
    if (report.is_discarded()) return {result.exit_code, results};
    for (const auto& r : report["requests"]) {
      results[r["namespace"].get<std::string>() + "/" + r["name"].get<std::string>()] = r["result"];
    }
    return {result.exit_code, results};
  }

  std::string worker_files() const { return git(state(), "ls-tree -r --name-only main -- worker"); }

  TempDir dir;
};

TEST_F(CompoundE2E, TheEmittedRequestRunsInTheSameRunAndItsOutputReachesTheWorker) {
  auto [code, results] = reconcile();
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results, (std::map<std::string, std::string>{{"default/shop", "succeeded"},
                                                         {"default/shop-db", "succeeded"}}));
  EXPECT_EQ(git(state(), "show main:worker/resources/default/db/shop-db/configure/5058f/db.yaml"),
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shop-db}");
  EXPECT_NE(git(state(), "show main:platform/resources/default/app/shop/configure/5058f/request.yaml")
                .find("name: shop-db"),
            std::string::npos);
}

TEST_F(CompoundE2E, ASecondRunSkipsBothAndCommitsNothing) {
  ASSERT_EQ(reconcile().first, 0);
  const std::string tip = git(state(), "rev-parse main");
  auto [code, results] = reconcile();
  EXPECT_EQ(code, 0);
  EXPECT_EQ(results, (std::map<std::string, std::string>{{"default/shop", "skipped"},
                                                         {"default/shop-db", "skipped"}}));
  EXPECT_EQ(git(state(), "rev-parse main"), tip);
}

// A compound run loads the platform's files again for each pass; files the load cache's stat index left
// unread (docs/load-cache.md) are read for it. Loaded with no text, their requests would be taken for
// deleted: this run deletes both requests with exit 0 when compound.cpp skips that read. The files must be
// older than the first run by the stat index's racy slack (2 s) for the second to leave them unread.
TEST_F(CompoundE2E, ASecondRunWithItsFilesLeftUnreadByTheStatIndexSkipsBoth) {
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  ASSERT_EQ(reconcile().first, 0) << read_file(dir.path() / "stderr");
  const std::string tip = git(state(), "rev-parse main");
  auto [code, results] = reconcile();
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results, (std::map<std::string, std::string>{{"default/shop", "skipped"},
                                                         {"default/shop-db", "skipped"}}));
  EXPECT_EQ(git(state(), "rev-parse main"), tip);
}

TEST_F(CompoundE2E, RemovingTheCompoundRequestDeletesWhatItEmitted) {
  ASSERT_EQ(reconcile().first, 0);
  ASSERT_NE(worker_files(), "");
  std::filesystem::remove(platform() / "requests/shop.yaml");
  auto [code, results] = reconcile();
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results, (std::map<std::string, std::string>{{"default/shop", "deleted"},
                                                         {"default/shop-db", "deleted"}}));
  EXPECT_EQ(worker_files(), "");
}

// The platform is a Git repository, and the store of both Destinations is that repository's branch main,
// without any annotation: what they are written is platform input (docs/compound-promises.md).
TEST_F(CompoundE2E, DestinationsInThePlatformsOwnRepositoryFeedItsNextPass) {
  const std::filesystem::path repository = dir.path() / "platform.git";
  const std::string url = "file://" + repository.string();
  std::string documents = ferry::testing::compound_store_and_destinations(url);
  documents.erase(documents.find("  annotations:"),
                  documents.find("spec:\n  path: platform") - documents.find("  annotations:"));
  write_file(platform() / "platform.yaml", documents);
  ASSERT_EQ(run("git init -q -b main " + shell_quote(platform().string()) + " && git -C " +
                shell_quote(platform().string()) + " add -A && git -C " + shell_quote(platform().string()) +
                " -c user.name=t -c user.email=t@e commit -qm platform && git clone -q --bare " +
                shell_quote(platform().string()) + " " + shell_quote(repository.string()))
                .exit_code,
            0);
  auto [code, results] = reconcile(url);
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  EXPECT_EQ(results, (std::map<std::string, std::string>{{"default/shop", "succeeded"},
                                                         {"default/shop-db", "succeeded"}}));
  EXPECT_EQ(git(repository, "show main:worker/resources/default/db/shop-db/configure/5058f/db.yaml"),
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: shop-db}");
  const std::string tip = git(repository, "rev-parse main");
  auto [again, rerun] = reconcile(url);
  EXPECT_EQ(again, 0) << read_file(dir.path() / "stderr");
  EXPECT_EQ(rerun, (std::map<std::string, std::string>{{"default/shop", "skipped"},
                                                       {"default/shop-db", "skipped"}}));
  EXPECT_EQ(git(repository, "rev-parse main"), tip);
}

}  // namespace
}  // namespace ferry

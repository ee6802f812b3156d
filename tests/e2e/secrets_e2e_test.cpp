// End to end: a Secret a pipeline reads through env valueFrom.secretKeyRef (--secrets-dir) reaches the
// container, and appears nowhere else: not in stdout or stderr (text, JSON, JSON logs), the GitHub summary
// and outputs, the metrics file, any object of the destination and state repositories, or anything left in
// the scratch directory; also when a pipeline fails and when the run is planned or explained.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/md5.h"
#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

constexpr const char* kCanary = "ferry-canary-secret-9Zk4wQ";

class SecretsE2E : public ferry::testing::PlatformFixture {
 protected:
  void SetUp() override {
    PlatformFixture::SetUp();
    write_file(dir.path() / "secrets/redis-creds/token", kCanary);
    // The token-check container proves delivery with the token's md5 and never prints the token.
    write_file(
        dir.path() / "token-check.sh",
        "#!/bin/sh\nset -eu\nprintf 'tokenMd5: %s\\n' \"$(printf %s \"$API_TOKEN\" | md5sum | cut -c1-32)\" "
        ">/kratix/output/token.yaml\n");
    const std::filesystem::path images = std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures/images";
    write_file(exec_config(),
               "images:\n"
               "  localhost/ferry-fixtures/redis-configure:dev: [/bin/sh, " +
                   (images / "redis-configure/redis-configure.sh").string() +
                   "]\n"
                   "  localhost/ferry-fixtures/app-configure:dev: [/bin/sh, " +
                   (images / "app-configure/app-configure.sh").string() +
                   "]\n"
                   "  localhost/ferry-test/token-check:dev: [/bin/sh, " +
                   (dir.path() / "token-check.sh").string() + "]\n");
    std::string redis = read_file(platform() / "promises/redis.yaml");
    const std::string image = "                image: localhost/ferry-fixtures/redis-configure:dev\n";
    redis.replace(redis.find(image), image.size(),
                  image +
                      "              - name: token-check\n"
                      "                image: localhost/ferry-test/token-check:dev\n"
                      "                env:\n"
                      "                  - name: API_TOKEN\n"
                      "                    valueFrom:\n"
                      "                      secretKeyRef: {name: redis-creds, key: token}\n");
    write_file(platform() / "promises/redis.yaml", redis);
  }
  std::filesystem::path exec_config() const { return dir.path() / "exec.yaml"; }
  std::filesystem::path scratch() const { return dir.path() / "scratch"; }

  // `ferry <command> PLATFORM <extra>` as a GitHub Actions step with every output file, stdout and stderr
  // kept (appended to dir/stdout and dir/stderr); returns the exit code.
  int ferry_step(const std::string& command, const FerryArgs& extra) {
    std::filesystem::create_directories(scratch());
    const auto result = run_ferry(
        FerryArgs{command, platform().string(), "--runtime", "exec", "--exec-config", exec_config().string(),
                  "--secrets-dir", (dir.path() / "secrets").string(), "--scratch-dir", scratch().string()} +
            extra,
        {.env = {{"GITHUB_ACTIONS", "true"},
                 {"GITHUB_STEP_SUMMARY", (dir.path() / "summary.md").string()},
                 {"GITHUB_OUTPUT", (dir.path() / "outputs").string()}}});
    std::ofstream(dir.path() / "stdout", std::ios::binary | std::ios::app) << result.output;
    std::ofstream(dir.path() / "stderr", std::ios::binary | std::ios::app) << result.error_output;
    return result.exit_code;
  }

  // Every file below the test directory holding the canary, but the secret's own file.
  std::vector<std::string> files_with_canary() const {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path())) {
      if (!entry.is_regular_file() || entry.path() == dir.path() / "secrets/redis-creds/token") continue;
      if (read_file(entry.path()).find(kCanary) != std::string::npos) found.push_back(entry.path().string());
    }
    return found;
  }

  // Every object of a repository, uncompressed (loose and packed alike).
  static std::string all_objects(const std::filesystem::path& repo) {
    return run("git --git-dir=" + shell_quote(repo.string()) +
                   " cat-file --batch-all-objects --batch --unordered 2>/dev/null",
               false)
        .output;
  }
};

TEST_F(SecretsE2E, TheSecretReachesTheContainerAndNothingElse) {
  EXPECT_EQ(ferry_step("reconcile", {"--metrics-file", (dir.path() / "ferry.prom").string()}), 0)
      << read_file(dir.path() / "stderr");
  EXPECT_EQ(ferry_step("reconcile", {"--output", "json", "--force", "--log-format", "json"}), 0)
      << read_file(dir.path() / "stderr");
  EXPECT_EQ(ferry_step("plan", {"--force"}), 0) << read_file(dir.path() / "stderr");
  EXPECT_EQ(ferry_step("explain", {"--request", "default/cache-a"}), 0) << read_file(dir.path() / "stderr");

  const std::string delivered = git(clusters(),
                                    "show main:worker-dev/resources/default/redis/cache-a/"
                                    "instance-configure/5058f/token.yaml");
  EXPECT_EQ(delivered, "tokenMd5: " + md5_hex(kCanary)) << "the container did not get the secret";
  EXPECT_EQ(all_objects(clusters()).find(kCanary), std::string::npos);
  EXPECT_EQ(all_objects(observability()).find(kCanary), std::string::npos);
  EXPECT_EQ(all_objects(platform() / ".ferry/state.git").find(kCanary), std::string::npos);
  EXPECT_TRUE(files_with_canary().empty()) << files_with_canary().front();
  EXPECT_TRUE(std::filesystem::is_empty(scratch())) << "the scratch directory keeps files";
}

TEST_F(SecretsE2E, AFailingPipelineShowsItsLogButNotTheSecret) {
  std::string redis = read_file(platform() / "requests/redis.yaml");
  redis.replace(redis.find("size: small"), 11, "size: small\n  fail: true");
  write_file(platform() / "requests/redis.yaml", redis);
  EXPECT_EQ(ferry_step("reconcile", {}), 3) << read_file(dir.path() / "stderr");
  EXPECT_NE(read_file(dir.path() / "stdout").find("refusing to configure cache-a"), std::string::npos)
      << read_file(dir.path() / "stdout");
  EXPECT_TRUE(files_with_canary().empty()) << files_with_canary().front();
}

}  // namespace
}  // namespace ferry

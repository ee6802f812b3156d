// End to end: a Secret a pipeline reads through env valueFrom.secretKeyRef (--secrets-dir) reaches the
// container, and appears nowhere else: not in stdout or stderr (text, JSON, JSON logs), the GitHub summary
// and outputs, the metrics file, any object of the destination and state repositories, or anything left in
// the scratch directory; also when a pipeline fails and when the run is planned or explained.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

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

  // Every file below the test directory holding the canary, but the secret's own file and the lines that
  // tell GitHub to mask it (`::add-mask::<value>` on stderr, which GitHub itself never shows).
  std::vector<std::string> files_with_canary() const {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path())) {
      if (!entry.is_regular_file() || entry.path() == dir.path() / "secrets/redis-creds/token") continue;
      if (without_add_mask(read_file(entry.path())).find(kCanary) != std::string::npos)
        found.push_back(entry.path().string());
    }
    return found;
  }

  static std::string without_add_mask(const std::string& text) {
    std::string kept;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      if (!line.starts_with("::add-mask::")) kept += line + "\n";
    return kept;
  }

  // The token-check container's script: `body` runs with $API_TOKEN set, after the token's md5 is written.
  void token_check_does(const std::string& body) {
    write_file(
        dir.path() / "token-check.sh",
        "#!/bin/sh\nset -eu\nprintf 'tokenMd5: %s\\n' \"$(printf %s \"$API_TOKEN\" | md5sum | cut -c1-32)\" "
        ">/kratix/output/token.yaml\n" +
            body);
  }

  // `ferry status` (text, JSON, and cache-a's whole record) as it reads the state repository.
  std::string status_outputs() const {
    std::string out;
    for (const FerryArgs& extra :
         {FerryArgs{}, FerryArgs{"--output", "json"}, FerryArgs{"default/cache-a"}}) {
      const auto result = run_ferry(FerryArgs{"status", platform().string()} + extra);
      out += result.output + result.error_output;
    }
    return out;
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

// A pipeline that writes the secret into every text ferry reports or records (issue 26, item 8): status.yaml,
// a workflow-control.yaml message, a selector, an output file name, a refused output that an error quotes.
// Each carrier runs as a GitHub step; afterwards stdout, stderr (both log formats), the job summary,
// `ferry status`, the pipeline cache and every object of the state repository hold no copy, and GitHub was
// told to mask it.
// The output file is the user's bundle and goes to the Destination as written (not checked there).
TEST_F(SecretsE2E, ASecretAPipelineWritesIntoAnyCarrierIsMaskedEverywhereFerryPrintsOrRecords) {
  const std::vector<std::pair<std::string, std::string>> carriers = {
      {"status", "printf 'message: \"status %s\"\\n' \"$API_TOKEN\" >/kratix/metadata/status.yaml\n"},
      {"workflow-control",
       "printf 'suspend: true\\nmessage: \"waiting for %s\"\\n' \"$API_TOKEN\" "
       ">/kratix/metadata/workflow-control.yaml\n"},
      {"selector",
       "printf -- '- matchLabels:\\n    env: \"%s\"\\n' \"$API_TOKEN\" "
       ">/kratix/metadata/destination-selectors.yaml\n"},
      {"file name", "printf 'a: 1\\n' >\"/kratix/output/$API_TOKEN.yaml\"\n"},
      {"refused output", "ln -s /etc/hostname \"/kratix/output/$API_TOKEN\"\n"},
      {"container log", "echo \"token $API_TOKEN\" >&2\nexit 1\n"},
  };
  std::string statuses;
  for (const auto& [carrier, body] : carriers) {
    token_check_does(body);
    // --force runs every pipeline and stores its result in the cache, here inside the test directory.
    const FerryArgs cache = {"--force", "--pipeline-cache-dir", (dir.path() / "pipeline-cache").string()};
    const int text = ferry_step("reconcile", cache);
    const int json = ferry_step("reconcile", cache + FerryArgs{"--output", "json", "--log-format", "json"});
    const int plan = ferry_step("plan", cache);
    EXPECT_LT(text, 100) << carrier << ": " << read_file(dir.path() / "stderr");
    EXPECT_LT(json, 100) << carrier;
    EXPECT_LT(plan, 100) << carrier;
    statuses += status_outputs();
    EXPECT_EQ(statuses.find(kCanary), std::string::npos) << carrier << ":\n" << statuses;
    EXPECT_EQ(all_objects(platform() / ".ferry/state.git").find(kCanary), std::string::npos) << carrier;
    const auto leaked = files_with_canary();
    for (const std::string& file : leaked) {
      // The bundle itself is the user's output: the Destination repository and what it checks out.
      if (file.find("/state/") != std::string::npos) continue;
      ADD_FAILURE() << carrier << ": " << file << ":\n" << read_file(file);
    }
  }
  // The carriers reached the outputs (masked), and GitHub heard of the value.
  EXPECT_NE(read_file(dir.path() / "stdout").find("status ***"), std::string::npos);
  EXPECT_NE(read_file(dir.path() / "stdout").find("waiting for ***"), std::string::npos);
  EXPECT_NE(statuses.find("***"), std::string::npos) << statuses;
  EXPECT_NE(read_file(dir.path() / "stderr").find(std::string("::add-mask::") + kCanary), std::string::npos);
}

// docs/logs.md: every container's output is kept per object, pipeline and container, `ferry logs` prints it
// after the run and `reconcile --show-logs` as each container ends; the secret a container prints is masked
// in both and in the kept files.
TEST_F(SecretsE2E, ContainerLogsAreKeptAndShownWithTheSecretMasked) {
  token_check_does("echo 'hello from token-check'\necho \"token $API_TOKEN\" >&2\n");
  const std::string logs = (dir.path() / "logs").string();
  EXPECT_EQ(ferry_step("reconcile", {"--logs-dir", logs, "--show-logs"}), 0)
      << read_file(dir.path() / "stderr");
  const std::string shown = read_file(dir.path() / "stderr");
  EXPECT_NE(shown.find("default/cache-a instance-configure/token-check | hello from token-check\n"
                       "default/cache-a instance-configure/token-check | token ***\n"),
            std::string::npos)
      << shown;

  const auto one = run_ferry(FerryArgs{"logs", "default/cache-a", "--pipeline", "instance-configure",
                                       "--container", "token-check", "--logs-dir", logs});
  EXPECT_EQ(one.exit_code, 0) << one.error_output;
  EXPECT_EQ(one.output, "hello from token-check\ntoken ***\n");
  const auto all = run_ferry(FerryArgs{"logs", "default/cache-a", "--logs-dir", logs});
  EXPECT_EQ(all.exit_code, 0) << all.error_output;
  EXPECT_NE(all.output.find("==> instance-configure/generate (redis) <==\n"), std::string::npos)
      << all.output;
  EXPECT_NE(all.output.find("==> instance-configure/token-check (redis) <==\nhello from token-check\n"),
            std::string::npos)
      << all.output;
  const auto none = run_ferry(FerryArgs{"logs", "default/no-such-request", "--logs-dir", logs});
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.error_output.find("ferry: no container logs kept for default/no-such-request"),
            std::string::npos)
      << none.error_output;
  const auto outside = run_ferry(FerryArgs{"logs", "../requests", "--logs-dir", logs});
  EXPECT_EQ(outside.exit_code, 2);
  EXPECT_EQ(outside.error_output,
            "ferry: logs takes NAMESPACE/NAME of a request or NAME of a Promise, not \"../requests\"\n");
  EXPECT_TRUE(
      std::filesystem::exists(logs + "/requests/default/redis/cache-a/instance-configure/token-check.log"));
  EXPECT_TRUE(files_with_canary().empty()) << files_with_canary().front();
}

// `ferry test pipeline` prints each container's output on stderr as it ends, masked; --quiet hides it.
TEST_F(SecretsE2E, TestPipelinePrintsEachContainersOutputUnlessQuiet) {
  token_check_does("echo \"token $API_TOKEN\"\n");
  write_file(dir.path() / "cache-a.yaml",
             "apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: cache-a\n"
             "  namespace: default\nspec:\n  size: small\n");
  const FerryArgs test = {"test",          "pipeline",
                          "--promise",     (platform() / "promises/redis.yaml").string(),
                          "--input",       (dir.path() / "cache-a.yaml").string(),
                          "--runtime",     "exec",
                          "--exec-config", exec_config().string(),
                          "--secrets-dir", (dir.path() / "secrets").string()};
  const auto loud = run_ferry(test + FerryArgs{"--out", (dir.path() / "out-1").string()});
  EXPECT_EQ(loud.exit_code, 0) << loud.error_output;
  EXPECT_NE(loud.error_output.find("default/cache-a instance-configure/token-check | token ***\n"),
            std::string::npos)
      << loud.error_output;
  EXPECT_EQ(loud.error_output.find(kCanary), std::string::npos);
  const auto quiet = run_ferry(test + FerryArgs{"--out", (dir.path() / "out-2").string(), "--quiet"});
  EXPECT_EQ(quiet.exit_code, 0) << quiet.error_output;
  EXPECT_EQ(quiet.error_output.find(" | "), std::string::npos) << quiet.error_output;
}

}  // namespace
}  // namespace ferry

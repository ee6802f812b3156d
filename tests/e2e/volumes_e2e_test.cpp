// End to end: a Promise whose pipeline mounts a Secret at /creds as the marketplace's sql/gcp Promise does
// (spec.volumes secret + volumeMounts readOnly), with a configMap volume, a shared emptyDir and envFrom,
// reconciled by the binary with --secrets-dir and --config-maps-dir on --runtime exec: the container gets
// the files with their modes and the variables, and a secret value it prints appears in no report, log,
// record or leftover file.
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

constexpr const char* kVolumeCanary = "ferry-volume-canary-Q7x2Lm";
constexpr const char* kEnvFromCanary = "ferry-envfrom-canary-P3v8Rn";

// The creds-check container: proves delivery with md5s and modes, never printing a value, unless asked to
// (LEAK=1 prints the secret to its log and fails).
constexpr const char* kCredsCheck =
    "#!/bin/sh\nset -eu\n"
    "out=/kratix/output/creds.yaml\n"
    "printf 'keyMd5: %s\\n' \"$(md5sum </creds/key.json | cut -c1-32)\" >$out\n"
    "printf 'keyMode: \"%s\"\\n' \"$(stat -c %a /creds/key.json)\" >>$out\n"
    "printf 'region: %s\\n' \"$(cat /etc/gcp/region)\" >>$out\n"
    "printf 'tokenMd5: %s\\n' \"$(printf %s \"$TOKEN\" | md5sum | cut -c1-32)\" >>$out\n"
    "printf 'projectFromEnv: %s\\n' \"$GCP_project\" >>$out\n"
    "if touch /creds/x 2>/dev/null; then echo 'credsWritable: true' >>$out; fi\n"
    "if [ \"${LEAK:-0}\" = 1 ]; then echo \"key is $(cat /creds/key.json), token is $TOKEN\"; exit 1; fi\n";

class VolumesE2E : public ferry::testing::PlatformFixture {
 protected:
  void SetUp() override {
    PlatformFixture::SetUp();
    write_file(dir.path() / "secrets/gcp-credentials/key.json", kVolumeCanary);
    write_file(dir.path() / "secrets/gcp-env/TOKEN", kEnvFromCanary);
    write_file(dir.path() / "config-maps/gcp/region", "europe-west2");
    write_file(dir.path() / "config-maps/gcp/project", "acme-dev");
    write_file(dir.path() / "creds-check.sh", kCredsCheck);
    const std::filesystem::path images = std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures/images";
    write_file(exec_config(), "images:\n  localhost/ferry-fixtures/redis-configure:dev: [/bin/sh, " +
                                  (images / "redis-configure/redis-configure.sh").string() +
                                  "]\n  localhost/ferry-fixtures/app-configure:dev: [/bin/sh, " +
                                  (images / "app-configure/app-configure.sh").string() +
                                  "]\n  localhost/ferry-test/creds-check:dev: [/bin/sh, " +
                                  (dir.path() / "creds-check.sh").string() + "]\n");
    set_leak("0");
  }
  void set_leak(const std::string& leak) {
    std::string redis = read_file(FERRY_SOURCE_DIR + std::string("/fixtures/platform/promises/redis.yaml"));
    const std::string image = "                image: localhost/ferry-fixtures/redis-configure:dev\n";
    redis.replace(redis.find(image), image.size(),
                  image +
                      "              - name: creds-check\n"
                      "                image: localhost/ferry-test/creds-check:dev\n"
                      "                env: [{name: LEAK, value: \"" +
                      leak +
                      "\"}]\n"
                      "                envFrom:\n"
                      "                  - {prefix: GCP_, configMapRef: {name: gcp}}\n"
                      "                  - secretRef: {name: gcp-env}\n"
                      "                volumeMounts:\n"
                      "                  - name: gcp-credentials\n"
                      "                    mountPath: /creds\n"
                      "                    readOnly: true\n"
                      "                  - {name: gcp-config, mountPath: /etc/gcp}\n"
                      "            volumes:\n"
                      "              - name: gcp-credentials\n"
                      "                secret:\n"
                      "                  secretName: gcp-credentials\n"
                      "                  defaultMode: 0400\n"
                      "              - name: gcp-config\n"
                      "                configMap: {name: gcp, items: [{key: region, path: region}]}\n");
    write_file(platform() / "promises/redis.yaml", redis);
  }
  std::filesystem::path exec_config() const { return dir.path() / "exec.yaml"; }
  std::filesystem::path scratch() const { return dir.path() / "scratch"; }

  int ferry_run(const std::string& command, const FerryArgs& extra) {
    std::filesystem::create_directories(scratch());
    const auto result = run_ferry(
        FerryArgs{command, platform().string(), "--runtime", "exec", "--exec-config", exec_config().string(),
                  "--secrets-dir", (dir.path() / "secrets").string(), "--config-maps-dir",
                  (dir.path() / "config-maps").string(), "--scratch-dir", scratch().string()} +
        extra);
    std::ofstream(dir.path() / "stdout", std::ios::binary | std::ios::app) << result.output;
    std::ofstream(dir.path() / "stderr", std::ios::binary | std::ios::app) << result.error_output;
    return result.exit_code;
  }

  // Every file below the test directory holding the canary, but the secret's own file.
  std::vector<std::string> files_with_canary() const {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path())) {
      if (!entry.is_regular_file() || entry.path() == dir.path() / "secrets/gcp-credentials/key.json")
        continue;
      if (read_file(entry.path()).find(kVolumeCanary) != std::string::npos)
        found.push_back(entry.path().string());
    }
    return found;
  }
  static std::string all_objects(const std::filesystem::path& repo) {
    return run("git --git-dir=" + shell_quote(repo.string()) +
                   " cat-file --batch-all-objects --batch --unordered 2>/dev/null",
               false)
        .output;
  }
};

TEST_F(VolumesE2E, TheContainerSeesTheVolumesAndEnvFrom) {
  ASSERT_EQ(ferry_run("reconcile", {}), 0) << read_file(dir.path() / "stdout");
  const std::string delivered = git(
      clusters(), "show main:worker-dev/resources/default/redis/cache-a/instance-configure/5058f/creds.yaml");
  EXPECT_EQ(delivered, "keyMd5: " + md5_hex(kVolumeCanary) +
                           "\nkeyMode: \"400\"\nregion: europe-west2\ntokenMd5: " + md5_hex(kEnvFromCanary) +
                           "\nprojectFromEnv: acme-dev");
  EXPECT_EQ(all_objects(platform() / ".ferry/state.git").find(kVolumeCanary), std::string::npos);
  EXPECT_TRUE(files_with_canary().empty()) << files_with_canary().front();
  EXPECT_TRUE(std::filesystem::is_empty(scratch())) << "the staged volumes were left behind";
}

TEST_F(VolumesE2E, ASecretFromAVolumeInAFailingLogIsMasked) {
  set_leak("1");
  EXPECT_EQ(ferry_run("reconcile", {}), 3) << read_file(dir.path() / "stderr");
  EXPECT_EQ(ferry_run("reconcile", {"--output", "json", "--log-format", "json"}), 3);
  EXPECT_NE(read_file(dir.path() / "stdout").find("key is ***, token is ***"), std::string::npos)
      << read_file(dir.path() / "stdout");
  EXPECT_TRUE(files_with_canary().empty()) << files_with_canary().front();
  EXPECT_TRUE(std::filesystem::is_empty(scratch()));
}

TEST_F(VolumesE2E, AMissingSecretIsNamedWithWhatToCreate) {
  std::filesystem::remove_all(dir.path() / "secrets/gcp-credentials");
  EXPECT_EQ(ferry_run("reconcile", {}), 3);
  EXPECT_NE(read_file(dir.path() / "stdout")
                .find("secret \"gcp-credentials\" is not available to ferry as a directory of keys: create "
                      "DIR/gcp-credentials/<key> for each key, with --secrets-dir DIR"),
            std::string::npos)
      << read_file(dir.path() / "stdout");
}

}  // namespace
}  // namespace ferry

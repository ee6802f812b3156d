// Faults outside ferry (issue 8, "Faults"): a full disk under the remote stores' cache, the scratch
// directory and the pipeline cache, and a container engine that disappears mid-run. Each gives a clear
// error naming what failed (the pipeline cache only a warning: it is an optimisation), a non-zero exit
// where something was not done, every repository's branch as it was or holding whole commits, and a
// later run with the fault gone ends where an uninterrupted run ends (same trees, compared by tree id
// with the git CLI).
// A full disk is a 1 MiB tmpfs filled to the last byte: the test mounts, so it runs as root, as ci/test
// does. The git daemon of ci/git-servers is started once for the binary (ONE_PROCESS).
#include <gtest/gtest.h>
#include <sys/mount.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <system_error>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/writer/git_servers.h"
#include "tests/writer/remote_store_support.h"

namespace ferry {
namespace {

using testing::FerryArgs;
using testing::git;
using testing::read_file;
using testing::run_ferry;
using testing::write_file;
using writer::testing_remote::git_servers;
namespace fs = std::filesystem;

// A tmpfs of 1 MiB at `path`, filled until the kernel says ENOSPC; release() frees the space.
class FullDisk {
 public:
  explicit FullDisk(fs::path path) : path_(std::move(path)) {
    fs::create_directories(path_);
    mounted_ = ::mount("tmpfs", path_.c_str(), "tmpfs", 0, "size=1m") == 0;
    if (!mounted_) return;
    std::ofstream filler(filler_path(), std::ios::binary);
    const std::string block(4096, 'x');
    while (filler.write(block.data(), block.size())) filler.flush();
  }
  ~FullDisk() {
    if (mounted_) ::umount2(path_.c_str(), MNT_DETACH);
  }
  FullDisk(const FullDisk&) = delete;
  FullDisk& operator=(const FullDisk&) = delete;
  bool mounted() const { return mounted_; }
  void release() const { fs::remove(filler_path()); }

 private:
  fs::path filler_path() const { return path_ / "filler"; }
  fs::path path_;
  bool mounted_ = false;
};

class FaultsE2E : public testing::PlatformFixture {
 protected:
  // `ferry reconcile --output json PLATFORM <args>` with the fixture's exec runtime; stderr kept apart.
  struct Run {
    int exit_code = -1;
    nlohmann::json report;
    std::string err;
  };
  Run ferry_reconcile(const FerryArgs& args) {
    const auto result = run_ferry(FerryArgs{"reconcile", "--output", "json", platform().string()} + args);
    return {result.exit_code, nlohmann::json::parse(result.output, nullptr, false), result.error_output};
  }
  // The first failed object's message, "" when none failed.
  static std::string first_failure(const nlohmann::json& report) {
    for (const char* kind : {"promises", "requests"}) {
      if (!report.contains(kind)) continue;
      for (const auto& object : report[kind])
        if (object["result"] == "failed") return object["message"];
    }
    return "";
  }
  static std::string tree_of(const fs::path& repo) {
    return git(repo, "rev-parse -q --verify main^{tree} || true");
  }
  // The tree ids an uninterrupted run leaves in the fixture's two stores (a second platform copy).
  std::pair<std::string, std::string> uninterrupted_trees() {
    testing::TempDir other;
    fs::copy(platform(), other.path() / "platform", fs::copy_options::recursive);
    fs::remove_all(other.path() / "platform/.ferry");
    const auto result = run_ferry(FerryArgs{"reconcile", "--no-state", (other.path() / "platform").string()} +
                                      exec_runtime() + FerryArgs{"--no-pipeline-cache"},
                                  {.merge_stderr = true});
    EXPECT_EQ(result.exit_code, 0) << result.output;
    return {tree_of(other.path() / "state/clusters.git"), tree_of(other.path() / "state/observability.git")};
  }
  std::pair<std::string, std::string> trees() const {
    return {tree_of(clusters()), tree_of(observability())};
  }
};

// Promises' static dependencies need no scratch directory and are committed; every request fails.
TEST_F(FaultsE2E, AFullScratchDiskFailsEveryWorkflowNamingTheDirectoryAndTheReason) {
  const FullDisk full(dir.path() / "scratch");
  ASSERT_TRUE(full.mounted()) << "mounting a tmpfs needs root";
  const Run failed = ferry_reconcile(
      exec_runtime() + FerryArgs{"--no-pipeline-cache", "--scratch-dir", (dir.path() / "scratch").string()});
  EXPECT_EQ(failed.exit_code, 3) << failed.report.dump(2) << failed.err;
  ASSERT_TRUE(failed.report.contains("requests")) << failed.err;
  for (const auto& request : failed.report["requests"]) {
    EXPECT_EQ(request["result"], "failed") << request.dump(2);
    const std::string message = request["message"];
    EXPECT_TRUE(message.starts_with("cannot write " + (dir.path() / "scratch").string() + "/")) << message;
    EXPECT_TRUE(message.ends_with("/input/object.yaml: No space left on device")) << message;
  }

  full.release();
  const Run again = ferry_reconcile(
      exec_runtime() + FerryArgs{"--no-pipeline-cache", "--scratch-dir", (dir.path() / "scratch").string()});
  EXPECT_EQ(again.exit_code, 0) << again.report.dump(2) << again.err;
  EXPECT_EQ(trees(), uninterrupted_trees());
}

// The pipeline cache is an optimisation: a full cache directory costs a warning naming it, not the run.
TEST_F(FaultsE2E, AFullPipelineCacheDiskIsAWarningAndTheRunSucceeds) {
  const FullDisk full(dir.path() / "pipeline-cache");
  ASSERT_TRUE(full.mounted()) << "mounting a tmpfs needs root";
  const Run warned = ferry_reconcile(
      exec_runtime() + FerryArgs{"--pipeline-cache-dir", (dir.path() / "pipeline-cache").string()});
  EXPECT_EQ(warned.exit_code, 0) << warned.report.dump(2) << warned.err;
  EXPECT_NE(warned.err.find("No space left on device"), std::string::npos) << warned.err;
  EXPECT_NE(warned.err.find((dir.path() / "pipeline-cache").string()), std::string::npos) << warned.err;
  EXPECT_EQ(trees(), uninterrupted_trees());
}

// A podman that runs the first container and is gone soon after (the image digest queries of the
// incremental decision come first and are answered): the objects that needed it fail naming it, whatever
// was committed is whole, and a run with podman back ends as an uninterrupted one.
TEST_F(FaultsE2E, AContainerEngineThatDisappearsMidRunFailsTheRestAndTheNextRunFinishes) {
  const fs::path vanishing = dir.path() / "bin/podman";
  write_file(vanishing,
             "#!/bin/sh\n[ -e \"$0.used\" ] && rm -f \"$0\"\n[ \"$1\" = run ] && touch \"$0.used\"\n"
             "exec podman \"$@\"\n");
  fs::permissions(vanishing, fs::perms::owner_all);
  const Run failed = ferry_reconcile(
      {"--runtime", "podman", "--jobs", "1", "--no-pipeline-cache", "--podman", vanishing.string()});
  EXPECT_EQ(failed.exit_code, 3) << failed.report.dump(2) << failed.err;
  EXPECT_NE(first_failure(failed.report)
                .find("cannot run podman: " + vanishing.string() + ": No such file or directory"),
            std::string::npos)
      << failed.report.dump(2);
  EXPECT_FALSE(fs::exists(vanishing));
  for (const fs::path& repo : {clusters(), observability()})
    EXPECT_EQ(git(repo, "fsck --no-dangling 2>&1 && echo fsck-ok"), "fsck-ok") << repo;

  const Run again = ferry_reconcile({"--runtime", "podman", "--no-pipeline-cache"});
  EXPECT_EQ(again.exit_code, 0) << again.report.dump(2) << again.err;
  EXPECT_EQ(trees(), uninterrupted_trees());
}

// The remote stores' fetch cache on a full disk: every object that writes fails naming the cache, the
// remote is untouched, and with space again the next run writes what an uninterrupted run writes.
TEST_F(FaultsE2E, AFullStoreCacheDiskFailsTheWritesAndLeavesTheRemoteUntouched) {
  ASSERT_TRUE(git_servers().started) << git_servers().failure;
  const fs::path root = git_servers().at("FERRY_GIT_DAEMON_ROOT");
  const std::string url = git_servers().at("FERRY_GIT_DAEMON_URL");
  std::string stores = read_file(platform() / "state-stores.yaml");
  for (const std::string store : {"clusters", "observability"}) {
    writer::testing_remote::make_server_repo(root / ("faults-" + store + ".git"));
    const std::string local = "../state/" + store + ".git";
    stores.replace(stores.find(local), local.size(), url + "/faults-" + store + ".git");
  }
  const auto local_trees = uninterrupted_trees();  // the same platform on local stores
  write_file(platform() / "state-stores.yaml", stores);
  const FullDisk full(dir.path() / "store-cache");
  ASSERT_TRUE(full.mounted()) << "mounting a tmpfs needs root";
  const FerryArgs cache = {"--store-cache-dir", (dir.path() / "store-cache").string()};
  const Run failed = ferry_reconcile(exec_runtime() + cache);
  EXPECT_EQ(failed.exit_code, 3) << failed.report.dump(2) << failed.err;
  EXPECT_NE(first_failure(failed.report).find("No space left on device"), std::string::npos)
      << failed.report.dump(2);
  EXPECT_NE(first_failure(failed.report).find((dir.path() / "store-cache").string()), std::string::npos)
      << failed.report.dump(2);
  EXPECT_EQ(tree_of(root / "faults-clusters.git"), "");
  EXPECT_EQ(tree_of(root / "faults-observability.git"), "");

  full.release();
  const Run again = ferry_reconcile(exec_runtime() + cache);
  EXPECT_EQ(again.exit_code, 0) << again.report.dump(2) << again.err;
  EXPECT_EQ(std::make_pair(tree_of(root / "faults-clusters.git"), tree_of(root / "faults-observability.git")),
            local_trees);
}

}  // namespace
}  // namespace ferry

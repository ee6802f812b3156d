// End to end: ferry killed (SIGKILL) at the push points of a remote store on git daemon (the server of
// ci/git-servers, started once for this binary), then run again cleanly, on a copy of fixtures/platform with
// --runtime exec: both repositories' trees and the recorded state equal those of a run that was never
// interrupted, no commit holds part of a request's bundle, and no lock file is left in the server's
// repositories, the state or the remote stores' fetch cache. docs/reliability.md, "Crashes".
//   before-push: FERRY_FAULT_POINT, the commit built in the cache, nothing sent.
//   mid-push: the fault point of that name fires only for file:// remotes, which the binary writes as local
//   repositories (no option makes it push over file://); over git:// the server's pre-receive hook holds the
//   Nth push instead (the pack received, the branch not moved), the test kills ferry there, then lets the
//   hook refuse or accept the push. The fault point itself is reached by MidPushFaultPointE2E below: a
//   child process (this binary run again, as the fault point reads its variable once per process) writes
//   through RemoteGitRepo over file:// and SIGKILLs itself there.
// Built only with FERRY_FAULT_POINTS (ci/build).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "core/fault_point.h"
#include "tests/e2e/crash_support.h"
#include "tests/writer/git_servers.h"
#include "tests/writer/remote_store_support.h"
#include "writer/remote_git_repo.h"

namespace ferry {
namespace {

using testing::Bundles;
using testing::expect_whole_commits;
using testing::Site;
using testing::Snapshot;
using testing::StoreServer;
using writer::testing_remote::git_servers;
namespace fs = std::filesystem;
constexpr int kKilled = 128 + 9;  // the shell's exit code for a child killed by SIGKILL
// Every site of this binary, one at a time, on the same repositories: the stores' URLs are part of the
// recorded state's digests, so a site compares with the uninterrupted run only under the same URLs.
constexpr const char* kSiteName = "push-crash";

StoreServer git_daemon() {
  return {git_servers().at("FERRY_GIT_DAEMON_ROOT"), git_servers().at("FERRY_GIT_DAEMON_URL")};
}

// What a run that was never interrupted leaves on the server.
const Snapshot& uninterrupted() {
  static const Snapshot done = [] {
    const Site site(git_daemon(), kSiteName);
    EXPECT_EQ(site.reconcile(), 0) << site.stderr_text();
    return site.snapshot();
  }();
  return done;
}

std::string server_fsck(const Site& site) {
  std::string out;
  for (const std::string store : Site::kStores)
    out += testing::git(site.repo(store), "fsck --no-dangling --no-progress");
  return out;
}

// The clean run after a kill: it starts, and leaves what an uninterrupted run leaves, whole and unlocked.
void expect_recovered(const Site& site, const Bundles& whole) {
  ASSERT_EQ(site.reconcile(), 0) << site.stderr_text();
  EXPECT_EQ(site.snapshot(), uninterrupted());
  expect_whole_commits(site, whole);
  EXPECT_EQ(site.lock_files(), std::vector<std::string>{});
  EXPECT_EQ(server_fsck(site), "");
}

class BeforePushE2E : public ::testing::TestWithParam<std::string> {};

// The fixture run pushes 7 commits (1 Promise, 2 per App over both stores, 1 per redis request).
INSTANTIATE_TEST_SUITE_P(Points, BeforePushE2E,
                         ::testing::Values("before-push", "before-push:4", "before-push:7"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

TEST_P(BeforePushE2E, AKilledRunThenACleanOneLeaveWhatAnUninterruptedRunLeaves) {
  ASSERT_TRUE(git_servers().started) << git_servers().failure;
  ASSERT_TRUE(fault_points_compiled_in());
  const Bundles whole = testing::bundles_of(uninterrupted());
  const Site site(git_daemon(), kSiteName);
  ASSERT_EQ(site.reconcile(GetParam()), kKilled) << "not killed at " << GetParam() << ":\n"
                                                 << site.stderr_text();
  expect_whole_commits(site, whole);
  expect_recovered(site, whole);  // checks the lock files after the clean run (crash_e2e_test.cpp says why)
}

// Which push the hook holds, and what it answers once ferry is dead.
struct HeldPush {
  std::string store;
  int hit;
  bool accept;  // the server moves the branch for a client that is gone
};

// A pre-receive hook on `repo` that holds its `hit`th push: it marks <marks>/held, waits for a status in
// <marks>/release, marks <marks>/done and exits with it (0 accepts the push, else refuses it).
void install_holding_hook(const fs::path& repo, const fs::path& marks, int hit) {
  const std::string m = testing::shell_quote(marks.string());
  testing::write_file(repo / "hooks/pre-receive", "#!/bin/sh\ncat >/dev/null\nn=$(( $(cat " + m +
                                                      "/count 2>/dev/null || echo 0) + 1 ))\n"
                                                      "echo $n >" +
                                                      m + "/count\n[ \"$n\" -eq " + std::to_string(hit) +
                                                      " ] || exit 0\n: >" + m + "/held\nwhile [ ! -s " + m +
                                                      "/release ]; do sleep 0.05; done\nstatus=$(cat " + m +
                                                      "/release)\n: >" + m + "/done\nexit \"$status\"\n");
  fs::permissions(repo / "hooks/pre-receive", fs::perms::owner_all, fs::perm_options::add);
}

// Waits until `file` exists; false when ferry (`pid`) ended first or two minutes passed (a bound, not a
// timing assertion: the hold comes after the pipelines, which take seconds).
bool wait_for(const fs::path& file, pid_t pid) {
  for (int i = 0; i < 2400 && !fs::exists(file); ++i) {
    int status = 0;
    if (pid != 0 && ::waitpid(pid, &status, WNOHANG) == pid) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return fs::exists(file);
}

class MidPushE2E : public ::testing::TestWithParam<HeldPush> {};

INSTANTIATE_TEST_SUITE_P(Holds, MidPushE2E,
                         ::testing::Values(HeldPush{"clusters", 1, false}, HeldPush{"clusters", 1, true},
                                           HeldPush{"clusters", 3, false},
                                           HeldPush{"observability", 2, true}),
                         [](const auto& info) {
                           return info.param.store + "_push_" + std::to_string(info.param.hit) +
                                  (info.param.accept ? "_accepted" : "_refused");
                         });

TEST_P(MidPushE2E, AKillWhileTheServerHoldsThePushThenACleanRunLeaveWhatAnUninterruptedRunLeaves) {
  ASSERT_TRUE(git_servers().started) << git_servers().failure;
  const HeldPush held = GetParam();
  const Bundles whole = testing::bundles_of(uninterrupted());
  const Site site(git_daemon(), kSiteName);
  const testing::TempDir marks;
  install_holding_hook(site.repo(held.store), marks.path(), held.hit);
  const pid_t ferry = site.start_reconcile();
  const bool holding = wait_for(marks.path() / "held", ferry);
  const std::string tip_held = site.tip(held.store);  // the branch as the held push found it
  if (holding) {
    ::kill(-ferry, SIGKILL);
    int status = 0;
    ::waitpid(ferry, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
  }
  testing::write_file(marks.path() / "release", held.accept ? "0" : "1");
  ASSERT_TRUE(holding) << "ferry ended before push " << held.hit << " to " << held.store << ":\n"
                       << site.stderr_text();
  ASSERT_TRUE(wait_for(marks.path() / "done", 0)) << "the hook never finished";
  // The hook has answered; receive-pack moves the branch after it (accepted), for a client that is gone. Give
  // it up to 20 s to do so rather than read the branch in the middle of the update.
  for (int i = 0; i < 400 && held.accept && site.tip(held.store) == tip_held; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(site.tip(held.store) != tip_held, held.accept);
  expect_whole_commits(site, whole);
  expect_recovered(site, whole);  // checks the lock files after the clean run (crash_e2e_test.cpp says why)
}

// The store's two commits of MidPushFaultPointE2E: a bundle, then the same bundle changed.
const writer::Change& step(int n) {
  static const writer::Change first = writer::testing_remote::change_of({{"w/app", {{"a.yaml", "A"}}}});
  static const writer::Change second =
      writer::testing_remote::change_of({{"w/app", {{"a.yaml", "A2"}, {"b.yaml", "B"}}}});
  return n == 0 ? first : second;
}

// Applies the steps up to `last` to `server` over file:// through the push path, with `cache` as the fetch
// cache; an error fails the test.
void apply_steps(const fs::path& server, const fs::path& cache, int last) {
  auto store = writer::RemoteGitRepo::open(writer::testing_remote::file_store_spec(server, cache));
  ASSERT_TRUE(store.ok()) << store.error().render();
  for (int n = 0; n <= last; ++n) {
    auto applied = (*store)->apply(step(n));
    ASSERT_TRUE(applied.ok()) << applied.error().render();
  }
}

// The child's side of kill_at_mid_push, in a fresh process of this binary (the fault point reads
// FERRY_FAULT_POINT once per process): applies the steps to FERRY_MID_PUSH_SERVER with the fetch cache
// FERRY_MID_PUSH_CACHE. Disabled, so that only kill_at_mid_push runs it.
TEST(MidPushChild, DISABLED_AppliesTheSteps) {
  const char* server = std::getenv("FERRY_MID_PUSH_SERVER");
  const char* cache = std::getenv("FERRY_MID_PUSH_CACHE");
  ASSERT_TRUE(server != nullptr && cache != nullptr);
  apply_steps(server, cache, 1);
}

// Runs the steps in a child process that must die of SIGKILL at its `hit`th mid-push.
void kill_at_mid_push(const fs::path& server, const fs::path& cache, int hit) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::setenv("FERRY_FAULT_POINT", ("mid-push:" + std::to_string(hit)).c_str(), 1);
    ::setenv("FERRY_MID_PUSH_SERVER", server.c_str(), 1);
    ::setenv("FERRY_MID_PUSH_CACHE", cache.c_str(), 1);
    // It pushes over file:// and dies of SIGKILL, so servers of its own would outlive it.
    ::setenv(writer::testing_remote::kGitServersVariable, "off", 1);
    if (std::FILE* quiet = std::freopen("/dev/null", "w", stdout); quiet == nullptr) ::_exit(126);
    ::execl("/proc/self/exe", "push_crash_e2e_test", "--gtest_also_run_disabled_tests",
            "--gtest_filter=MidPushChild.DISABLED_AppliesTheSteps", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
      << "not killed at mid-push:" << hit << " (status " << status << ")";
}

// Files ending in .lock in the repository `repo`, or in each repository of the fetch cache `repo` (not the
// <name>.lock flock files beside them): what a killed git writer leaves.
std::vector<std::string> git_lock_files(const fs::path& repo, bool is_cache = false) {
  std::vector<std::string> found;
  if (is_cache) {
    for (const auto& entry : fs::directory_iterator(repo)) {
      if (!entry.is_directory()) continue;
      const auto inside = git_lock_files(entry.path());
      found.insert(found.end(), inside.begin(), inside.end());
    }
    return found;
  }
  for (const auto& entry : fs::recursive_directory_iterator(repo)) {
    const std::string name = entry.path().filename().string();
    if (name.ends_with(".lock") && name != "ferry-writer.lock") found.push_back(entry.path().string());
  }
  return found;
}

// The tree of `repo`'s main, empty when there is no main yet.
testing::Tree main_tree(const fs::path& repo) {
  const bool exists = testing::run("git --git-dir=" + testing::shell_quote(repo.string()) +
                                   " rev-parse --verify --quiet main")
                          .exit_code == 0;
  return exists ? testing::tree_at(repo, "main") : testing::Tree{};
}

class MidPushFaultPointE2E : public ::testing::TestWithParam<int> {};

INSTANTIATE_TEST_SUITE_P(Hits, MidPushFaultPointE2E, ::testing::Values(1, 2),
                         [](const auto& info) { return "push_" + std::to_string(info.param); });

// Killed with the pushed objects in the remote's object store and its branch not moved; then a clean writer
// of the same steps leaves the branch's tree as a writer that was never interrupted, no ref beside the
// branch, no lock file in the remote or the cache and a repository git fsck accepts.
TEST_P(MidPushFaultPointE2E, AKilledWriterThenACleanOneLeaveWhatAnUninterruptedWriterLeaves) {
  ASSERT_TRUE(fault_points_compiled_in());
  const int hit = GetParam();
  const testing::TempDir dir;
  const fs::path server = dir.path() / "server.git", cache = dir.path() / "cache";
  const fs::path reference = dir.path() / "reference.git";
  writer::testing_remote::make_server_repo(server);
  writer::testing_remote::make_server_repo(reference);
  apply_steps(reference, dir.path() / "reference-cache", 1);

  kill_at_mid_push(server, cache, hit);
  // The branch as the earlier steps left it; the step's tree (the same id as the reference's, trees being
  // named by their content) already in the remote, unreachable.
  EXPECT_EQ(main_tree(server), hit == 1 ? testing::Tree{} : testing::tree_at(reference, "main^"));
  const std::string pushed_tree =
      testing::git(reference, std::string("rev-parse ") + (hit == 1 ? "main^" : "main") + "^{tree}");
  EXPECT_EQ(testing::git(server, "cat-file -t " + pushed_tree), "tree")
      << "the pushed objects are not in the remote";
  EXPECT_EQ(testing::git(server, "for-each-ref --format='%(refname)'"), hit == 1 ? "" : "refs/heads/main");

  apply_steps(server, cache, 1);
  EXPECT_EQ(testing::tree_at(server, "main"), testing::tree_at(reference, "main"));
  EXPECT_EQ(testing::git(server, "for-each-ref --format='%(refname)'"), "refs/heads/main");
  EXPECT_EQ(testing::git(server, "fsck --no-dangling --no-progress"), "");
  EXPECT_EQ(git_lock_files(server), std::vector<std::string>{});
  EXPECT_EQ(git_lock_files(cache, true), std::vector<std::string>{});
}

}  // namespace
}  // namespace ferry

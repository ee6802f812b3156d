// End to end: ferry killed (SIGKILL) at the push points of a remote store on git daemon (the server of
// ci/git-servers, started once for this binary), then run again cleanly, on a copy of fixtures/platform with
// --runtime exec: both repositories' trees and the recorded state equal those of a run that was never
// interrupted, no commit holds part of a request's bundle, and no lock file is left in the server's
// repositories, the state or the remote stores' fetch cache. docs/reliability.md, "Crashes".
//   before-push: FERRY_FAULT_POINT, the commit built in the cache, nothing sent.
//   mid-push: the fault point of that name fires only for file:// remotes, which the binary writes as local
//   repositories; over git:// the server's pre-receive hook holds the Nth push instead (the pack received,
//   the branch not moved), the test kills ferry there, then lets the hook refuse or accept the push.
// Built only with FERRY_FAULT_POINTS (ci/build).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <thread>

#include "core/fault_point.h"
#include "tests/e2e/crash_support.h"
#include "tests/writer/git_servers.h"

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

}  // namespace
}  // namespace ferry

// End to end: SIGKILL at seeded random moments of a reconcile of many requests, each kill followed by a
// clean run, on a copy of fixtures/platform with --runtime exec. Every run changes every request (two
// variants of the inputs, taken in turn), so each kill lands in real work. After each clean run every
// repository's tree and the recorded state equal those of uninterrupted runs of the same inputs; no commit
// on any branch holds part of a request's bundle; no lock file is left, and the clean run starts.
// The seed is printed; FERRY_CRASH_SEED=N repeats a run's moments (not its timing).
// docs/reliability.md, "Crashes" and "Figures".
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <random>
#include <thread>

#include "tests/e2e/crash_support.h"

namespace ferry {
namespace {

using testing::Bundles;
using testing::Site;
using testing::Snapshot;

constexpr int kKills = 50;
constexpr int kRequestsPerPromise = 5;  // 5 App requests (two repositories each) and 5 redis ones

// The many requests, in one of two variants: every request's output differs between them.
std::string load_requests(int variant) {
  std::string text;
  for (int i = 0; i < kRequestsPerPromise; ++i) {
    const std::string n = std::to_string(i);
    text += "---\napiVersion: example.ferry.dev/v1\nkind: App\nmetadata:\n  name: app-" + n +
            "\n  namespace: load\nspec:\n  image: web:" + (variant == 0 ? "a" : "b") + "\n";
    text += "---\napiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: cache-" + n +
            "\n  namespace: load\nspec:\n  size: " + (variant == 0 ? "small" : "large") + "\n";
  }
  return text;
}

void use_variant(const Site& site, int variant) {
  testing::write_file(site.platform() / "requests/load.yaml", load_requests(variant));
}

unsigned seed() {
  const char* given = std::getenv("FERRY_CRASH_SEED");
  return given != nullptr ? static_cast<unsigned>(std::stoul(given)) : std::random_device{}();
}

// Kills `pid` after `delay` unless it exited before; true when the kill found it running. A run that
// ended first must have succeeded.
bool kill_after(pid_t pid, std::chrono::microseconds delay, const Site& site) {
  std::this_thread::sleep_for(delay);
  int status = 0;
  const bool running = ::waitpid(pid, &status, WNOHANG) == 0;
  if (running) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  } else {
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status << " " << site.stderr_text();
  }
  return running;
}

// How long `action` took.
template <class Action>
std::chrono::microseconds timed(Action action) {
  const auto start = std::chrono::steady_clock::now();
  action();
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
}

TEST(RandomKillE2E, EveryKillFollowedByACleanRunEndsAsAnUninterruptedRun) {
  // The uninterrupted runs of each variant, in the order the killed site takes them. A kill comes at a
  // random moment within the duration of the last clean run (the first: the reference's change of
  // variant), which redoes a whole run's work, as the state of the killed run was not recorded.
  Snapshot reference[2];
  std::chrono::microseconds longest{0};
  {
    const Site site;
    for (int variant : {0, 1}) {
      use_variant(site, variant);
      longest = timed([&] { EXPECT_EQ(site.reconcile(), 0) << site.stderr_text(); });
      reference[variant] = site.snapshot();
    }
  }
  const Bundles whole[2] = {testing::bundles_of(reference[0]), testing::bundles_of(reference[1])};
  const unsigned used_seed = seed();
  std::cout << "FERRY_CRASH_SEED=" << used_seed << "; the first kill within " << longest.count() / 1000
            << " ms (an uninterrupted run)" << std::endl;
  std::mt19937 random(used_seed);
  std::uniform_real_distribution<double> moment(0, 1);

  const Site site;
  std::map<std::string, std::string> checked_up_to;  // store -> the tip whose history was checked
  int landed = 0;
  for (int kill = 0; kill < kKills; ++kill) {
    const int variant = kill % 2;
    use_variant(site, variant);
    const auto delay = std::chrono::microseconds(static_cast<long>(moment(random) * longest.count()));
    landed += kill_after(site.start_reconcile(), delay, site) ? 1 : 0;
    // A kill while libgit2 held a ref's lock leaves <ref>.lock; the clean run must remove it and succeed.
    longest = timed([&] { EXPECT_EQ(site.reconcile(), 0) << "kill " << kill << ": " << site.stderr_text(); });
    EXPECT_EQ(site.lock_files(), std::vector<std::string>{}) << "kill " << kill;
    EXPECT_EQ(site.snapshot(), reference[variant]) << "kill " << kill;
    for (const std::string store : Site::kStores) {
      for (const std::string& commit : site.commits(store, checked_up_to[store])) {
        const auto partial = testing::partial_bundles(store, testing::tree_at(site.repo(store), commit),
                                                      {&whole[0], &whole[1]});
        EXPECT_TRUE(partial.empty()) << "kill " << kill << ": commit " << commit << " of " << store
                                     << " holds part of " << partial.front();
      }
      checked_up_to[store] = site.tip(store);
    }
  }
  std::cout << landed << " of " << kKills << " kills landed while ferry ran; every clean run after them "
            << "matched the uninterrupted one\n";
  RecordProperty("kills_landed", landed);
  EXPECT_GT(landed, kKills / 2);
}

}  // namespace
}  // namespace ferry

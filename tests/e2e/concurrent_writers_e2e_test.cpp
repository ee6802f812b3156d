// End to end (issue 8, "Concurrency"): four ferry processes at once, `--shard 1/2`, `--shard 2/2` and two
// unsharded, over one platform whose two GitStateStores are remote repositories on the servers of
// ci/git-servers (started once for this binary): once over git daemon, once over HTTPS with basic auth. Each
// process has its own fetch cache and recorded state, as separate CI jobs or machines would. Checked with the
// git CLI on the servers' repositories:
//   - every process succeeds, and every request runs in one shard and in both unsharded runs;
//   - each branch's tree equals the tree one run writes (each request's bundle once, with its bytes);
//   - no lost update: every commit a process reports is on the final branch, and the branch holds exactly
//     the commits reported (the repositories start empty);
//   - retries are reported: the pushes the server refused (its pre-receive hook logs every push that
//     reaches it; only accepted ones become commits) are at most the retries in the reports, and each
//     report's total is the sum of its objects'. libgit2 also refuses a push itself when the remote branch
//     moved since the fetch, which the server never sees, so the reports may count more. Pushes are told
//     apart by their old and new commit: the same update reaching the hook twice counts once (a clean-clone
//     CI run saw 3 more refusals than retries over HTTPS, not seen again in 4 runs; an HTTP request sent
//     again by libgit2 on a closed keep-alive connection would give that, as would a retry rebuilt within
//     the same second, which makes the same commit).
#include <gtest/gtest.h>

#include <future>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"
#include "tests/writer/git_servers.h"

namespace ferry {
namespace {

using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::shell_quote;
using ferry::testing::TempDir;
using ferry::testing::write_file;
using writer::testing_remote::git_servers;
namespace fs = std::filesystem;

constexpr int kLoadRequests = 6;  // per Promise, beside the fixture's 4: 6 Apps (two stores each), 6 redis
const char* const kStores[] = {"clusters", "observability"};
const char* const kShards[] = {"--shard 1/2", "--shard 2/2", "", ""};
// A remote store's pushes per commit (writer::RetryPolicy's default), and how a request that lost the race on
// all of them fails.
constexpr int kAttempts = 10;
const std::string kGaveUp = "the remote branch kept moving (10 attempts)";

std::string load_requests() {
  std::string text;
  for (int i = 0; i < kLoadRequests; ++i) {
    const std::string n = std::to_string(i);
    text += "---\napiVersion: example.ferry.dev/v1\nkind: App\nmetadata:\n  name: app-" + n +
            "\n  namespace: load\nspec:\n  image: web:" + n + "\n";
    text += "---\napiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: cache-" + n +
            "\n  namespace: load\nspec:\n  size: small\n";
  }
  return text;
}

// Where the stores live: git daemon (no credentials) or HTTPS (basic auth from the Secret "git-creds").
struct Transport {
  const char* name;
  const char* root_key;
  const char* url_key;
  bool https;
};

class ConcurrentWritersE2E : public ::testing::TestWithParam<Transport> {
 protected:
  void SetUp() override {
    ASSERT_TRUE(git_servers().started) << git_servers().failure;
    fs::create_directories(reference().parent_path());
    for (const fs::path& site : {platform(), reference()}) {
      fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/platform", site, fs::copy_options::recursive);
      write_file(site / "requests/load.yaml", load_requests());
    }
    std::string stores;
    for (const std::string store : kStores) {
      server_[store] = fs::path(git_servers().at(GetParam().root_key)) /
                       (dir.path().filename().string() + "-" + store + ".git");
      make_counting_repo(server_[store]);
      stores +=
          "---\napiVersion: platform.kratix.io/v1alpha1\nkind: GitStateStore\nmetadata:\n  name: " + store +
          "\nspec:\n  url: " + git_servers().at(GetParam().url_key) + "/" +
          server_[store].filename().string() + "\n  branch: main\n" +
          (store == "observability" ? "  path: fleet\n" : "") +
          (GetParam().https ? "  secretRef: {name: git-creds}\n" : "");
    }
    write_file(platform() / "state-stores.yaml", stores);
    write_file(dir.path() / "secrets/git-creds/username", git_servers().at("FERRY_HTTP_USER"));
    write_file(dir.path() / "secrets/git-creds/password", git_servers().at("FERRY_HTTP_PASSWORD"));
  }

  fs::path platform() const { return dir.path() / "platform"; }
  fs::path reference() const { return dir.path() / "reference/platform"; }

  // A bare repository whose pre-receive hook appends its input, "<old> <new> <ref>", to
  // <repo>/pushes-received for every push that reaches the server, accepted or not.
  static void make_counting_repo(const fs::path& repo) {
    const auto made =
        testing::run("git init -q --bare -b main " + shell_quote(repo.string()) +
                     " && git --git-dir=" + shell_quote(repo.string()) + " config http.receivepack true");
    ASSERT_EQ(made.exit_code, 0) << made.output;
    write_file(repo / "hooks/pre-receive",
               "#!/bin/sh\ncat >>" + shell_quote((repo / "pushes-received").string()) + "\n");
    fs::permissions(repo / "hooks/pre-receive", fs::perms::all, fs::perm_options::add);
  }

  // Process `index`'s `ferry reconcile`: its own recorded state and fetch cache, its shard.
  testing::FerryResult run_process(int index) const {
    const std::string n = std::to_string(index);
    testing::FerryArgs args = {
        "reconcile",         platform().string(),
        "--output",          "json",
        "--runtime",         "exec",
        "--exec-config",     std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml",
        "--state",           (dir.path() / ("state-" + n + ".git")).string(),
        "--store-cache-dir", (dir.path() / ("cache-" + n)).string(),
        "--secrets-dir",     (dir.path() / "secrets").string(),
        "--store-ca-bundle", git_servers().at("FERRY_CA_BUNDLE")};
    if (std::string shard = kShards[index]; !shard.empty()) {
      args.push_back("--shard");
      args.push_back(shard.substr(shard.find(' ') + 1));
    }
    return testing::run_ferry(args);
  }

  TempDir dir;
  std::map<std::string, fs::path> server_;
};

std::string request_name(const nlohmann::json& r) {
  return r["namespace"].get<std::string>() + "/" + r["name"].get<std::string>();
}

// The distinct "<old> <new> <ref>" lines of a pushes-received log.
std::set<std::string> distinct_pushes(const fs::path& log) {
  std::set<std::string> pushes;
  std::istringstream lines(read_file(log));
  for (std::string line; std::getline(lines, line);) pushes.insert(line);
  return pushes;
}

// What the reports of the processes say, added up.
struct Tally {
  std::multiset<std::string> sharded;                     // the requests of the shards' first runs
  std::map<std::string, std::set<std::string>> reported;  // store -> every commit a process reported
  int retries = 0;                                        // push_retries of every object of every run
  int gave_up = 0;                                        // requests failed after kAttempts refused pushes

  // Adds process `index`'s JSON report (`first`: not the run again); returns how many of its objects gave up.
  int add(int index, const std::string& text, bool first) {
    const auto report = nlohmann::json::parse(text, nullptr, false);
    EXPECT_FALSE(report.is_discarded()) << text;
    if (report.is_discarded()) return 0;
    int object_retries = 0, objects_gave_up = 0;
    for (const auto* kind : {"promises", "requests"}) {
      for (const auto& r : report[kind]) {
        const bool lost_the_race =
            r["result"] == "failed" && r.value("message", "").find(kGaveUp) != std::string::npos;
        objects_gave_up += lost_the_race ? 1 : 0;
        // A run again skips what its first run recorded and runs what failed.
        const bool done =
            r["result"] == "succeeded" || r["result"] == "unchanged" || (!first && r["result"] == "skipped");
        EXPECT_TRUE(done || lost_the_race) << r.dump();
        if (std::string(kind) == "requests" && index < 2 && first) sharded.insert(request_name(r));
        for (const auto& c : r["commits"]) reported[c["store"]].insert(c["sha"].get<std::string>());
        object_retries += r.value("push_retries", 0);
      }
    }
    EXPECT_EQ(report.value("push_retries", 0), object_retries) << "process " << index;
    if (index >= 2 && first) {
      EXPECT_EQ(report["requests"].size(), 4u + 2 * kLoadRequests) << "process " << index;
    }
    retries += object_retries;
    gave_up += objects_gave_up;
    return objects_gave_up;
  }
};

INSTANTIATE_TEST_SUITE_P(Servers, ConcurrentWritersE2E,
                         ::testing::Values(Transport{"git_daemon", "FERRY_GIT_DAEMON_ROOT",
                                                     "FERRY_GIT_DAEMON_URL", false},
                                           Transport{"https", "FERRY_HTTP_ROOT", "FERRY_HTTPS_URL", true}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST_P(ConcurrentWritersE2E, FourProcessesLoseNoUpdateWriteEachBundleOnceAndReportTheirRetries) {
  // What one run writes: the same platform on local repositories, alone.
  const auto alone =
      testing::run_ferry({"reconcile", reference().string(), "--runtime", "exec", "--exec-config",
                          std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml"},
                         {.merge_stderr = true});
  ASSERT_EQ(alone.exit_code, 0) << alone.output;

  // The four at once: run_ferry waits for its process, so each is started and waited for by a thread.
  std::vector<std::future<testing::FerryResult>> processes;
  for (int i = 0; i < 4; ++i)
    processes.push_back(std::async(std::launch::async, [this, i] { return run_process(i); }));
  Tally tally;
  std::vector<int> gave_up_in;
  for (int i = 0; i < 4; ++i) {
    const testing::FerryResult result = processes[i].get();
    const int gave_up = tally.add(i, result.output, true);
    EXPECT_EQ(result.exit_code, gave_up > 0 ? 3 : 0) << "process " << i << " (" << kShards[i] << ")\n"
                                                     << result.output << result.error_output;
    if (gave_up > 0) gave_up_in.push_back(i);
  }
  // A process with a request that lost every attempt runs again, as its next scheduled run would.
  for (int i : gave_up_in) {
    const testing::FerryResult again = run_process(i);
    EXPECT_EQ(again.exit_code, 0) << "process " << i << " again: " << again.output << again.error_output;
    EXPECT_EQ(tally.add(i, again.output, false), 0);
  }
  EXPECT_EQ(tally.sharded.size(), 4u + 2 * kLoadRequests);
  EXPECT_EQ(std::set<std::string>(tally.sharded.begin(), tally.sharded.end()).size(), tally.sharded.size())
      << "a request in both shards";
  auto& reported = tally.reported;

  int refused_by_server = 0;
  for (const std::string store : kStores) {
    const fs::path repo = server_[store];
    EXPECT_EQ(git(repo, "ls-tree -r main"),
              git(reference().parent_path() / "state" / (store + ".git"), "ls-tree -r main"))
        << store;
    for (const std::string& sha : reported[store]) {
      EXPECT_EQ(testing::run("git --git-dir=" + shell_quote(repo.string()) + " merge-base --is-ancestor " +
                             sha + " main")
                    .exit_code,
                0)
          << store << " lost the reported commit " << sha;
    }
    EXPECT_EQ(git(repo, "rev-list --count main"), std::to_string(reported[store].size())) << store;
    refused_by_server += static_cast<int>(distinct_pushes(repo / "pushes-received").size()) -
                         static_cast<int>(reported[store].size());
  }
  // A request that gave up reports no retries (its store returned an error), so its refused pushes, at most
  // kAttempts, are allowed for.
  EXPECT_GT(tally.retries, 0) << "four writers of 16 requests never raced";
  EXPECT_LE(refused_by_server, tally.retries + kAttempts * tally.gave_up);
  std::cout << GetParam().name << ": " << tally.retries << " push retries reported, " << refused_by_server
            << " pushes refused by the server, " << tally.gave_up << " requests gave up after " << kAttempts
            << " attempts (processes run again: " << gave_up_in.size() << ")" << std::endl;
  RecordProperty("push_retries", tally.retries);
  RecordProperty("gave_up", tally.gave_up);
}

}  // namespace
}  // namespace ferry

// The platform argument and --platform-ref: what is read from Git and what from a directory, where the
// recorded state lives by default, the platform's credentials, and the errors of reading a Git platform.
#include "platform/platform_source.h"

#include <gtest/gtest.h>

#include <map>

#include "platform/loader.h"
#include "run/run_state.h"
#include "run/state_access.h"
#include "tests/support/test_support.h"
#include "writer/store_factory.h"

namespace ferry::runner {
namespace {

using ferry::testing::run;
using ferry::testing::shell_quote;
using ferry::testing::TempDir;
using ferry::testing::write_file;
namespace fs = std::filesystem;

PlatformSource parsed(const std::string& argument, const std::string& ref = "") {
  auto source = parse_platform_argument(argument, ref);
  EXPECT_TRUE(source) << source.error().message;
  return source ? *source : PlatformSource{};
}

void sh(const std::string& command) {
  const auto result = run(command);
  ASSERT_EQ(result.exit_code, 0) << command << "\n" << result.output;
}

// A work tree with one commit on main holding `files`.
void make_work_tree(const fs::path& dir, const std::map<std::string, std::string>& files) {
  sh("git init -q -b main " + shell_quote(dir.string()));
  for (const auto& [path, text] : files) write_file(dir / path, text);
  sh("cd " + shell_quote(dir.string()) + " && git add -A && git commit -q -m platform");
}

TEST(PlatformArgument, AUrlIsReadFromGitAtMainUnlessARefIsGiven) {
  const PlatformSource https = parsed("https://user:secret@git.example.com/platform.git");
  EXPECT_TRUE(https.from_git);
  EXPECT_EQ(https.ref, "main");
  EXPECT_EQ(https.repository, "https://user:secret@git.example.com/platform.git");
  EXPECT_EQ(https.display(), "https://git.example.com/platform.git@main");
  EXPECT_EQ(https.root, fs::current_path());
  const PlatformSource scp = parsed("git@github.com:org/platform.git", "refs/heads/prod");
  EXPECT_TRUE(scp.from_git);
  EXPECT_EQ(scp.display(), "git@github.com:org/platform.git@prod");
  EXPECT_EQ(parsed("git://host/platform.git", "release").ref, "release");
  EXPECT_EQ(parsed("ssh://git@host/platform.git").ref, "main");
}

TEST(PlatformArgument, AFileUrlsRepositoryIsTheRootOfRelativeStorePaths) {
  const PlatformSource file = parsed("file:///srv/git/platform.git", "live");
  EXPECT_TRUE(file.from_git);
  EXPECT_EQ(file.root, "/srv/git/platform.git");
  EXPECT_EQ(file.display(), "file:///srv/git/platform.git@live");
}

TEST(PlatformArgument, ABareRepositoryIsReadAtItsRef) {
  TempDir dir;
  sh("git init -q --bare " + shell_quote((dir.path() / "platform.git").string()));
  const PlatformSource bare = parsed((dir.path() / "platform.git").string());
  EXPECT_TRUE(bare.from_git);
  EXPECT_EQ(bare.repository, (dir.path() / "platform.git").string());
  EXPECT_EQ(bare.ref, "main");
}

TEST(PlatformArgument, AWorkTreeIsReadFromItsFilesUnlessARefIsGiven) {
  TempDir dir;
  make_work_tree(dir.path() / "repo", {{"platform/a.yaml", "a: 1\n"}});
  const PlatformSource files = parsed((dir.path() / "repo").string());
  EXPECT_FALSE(files.from_git);
  EXPECT_TRUE(files.is_git_repository());
  EXPECT_EQ(files.repository, (dir.path() / "repo/.git").string());
  EXPECT_EQ(parsed((dir.path() / "repo").string(), "main").display(),
            (dir.path() / "repo/.git").string() + "@main");
  // Below the top of a work tree is a plain directory: its state stays in .ferry/state.git.
  EXPECT_FALSE(parsed((dir.path() / "repo/platform").string()).is_git_repository());
}

TEST(PlatformArgument, ARefNeedsAGitRepository) {
  TempDir dir;
  auto source = parse_platform_argument(dir.path().string(), "main");
  ASSERT_FALSE(source);
  EXPECT_EQ(source.error().message,
            "--platform-ref main needs a Git repository, and " + dir.path().string() + " is not one");
  EXPECT_FALSE(parsed(dir.path().string()).from_git);
}

TEST(DefaultState, APlainDirectoryKeepsItsStateInDotFerry) {
  const StateLocation state = state_location("", parsed("some/platform"), PlatformAccess{});
  EXPECT_EQ(state.display, "some/platform/.ferry/state.git");
  EXPECT_EQ(state.lock_path, "some/platform/.ferry/state.git.lock");
  EXPECT_EQ(state.spec.branch, "state");
  EXPECT_EQ(state.directory, fs::path("some/platform/.ferry/state.git"));
}

TEST(DefaultState, AGitPlatformKeepsItsStateOnABranchOfItsRepository) {
  PlatformAccess access;
  access.cache_dir = "/cache";
  const StateLocation remote = state_location("", parsed("https://u:p@git.example.com/platform.git"), access);
  EXPECT_EQ(remote.spec.url, "https://u:p@git.example.com/platform.git");
  EXPECT_EQ(remote.spec.branch, "ferry-state");
  EXPECT_EQ(remote.spec.cache_dir, "/cache");
  EXPECT_EQ(remote.display, "https://git.example.com/platform.git (branch ferry-state)");
  EXPECT_EQ(remote.lock_path.parent_path(), "/cache");
  EXPECT_TRUE(remote.lock_path.filename().string().starts_with("state-")) << remote.lock_path;
  EXPECT_FALSE(remote.directory);
  const StateLocation local = state_location("", parsed("file:///srv/platform.git"), access);
  EXPECT_EQ(local.lock_path, "/srv/platform.git/ferry-state.lock");
}

TEST(DefaultState, StateOptionOverridesWithADirectoryOrAUrl) {
  const PlatformSource platform = parsed("https://git.example.com/platform.git");
  const StateLocation dir = state_location("elsewhere/state.git", platform, PlatformAccess{});
  EXPECT_EQ(dir.display, "elsewhere/state.git");
  EXPECT_EQ(dir.spec.branch, "state");
  const StateLocation url = state_location("ssh://git@host/state.git", platform, PlatformAccess{});
  EXPECT_EQ(url.display, "ssh://git@host/state.git (branch state)");
  EXPECT_EQ(url.spec.branch, "state");
}

// Two machines record into one platform repository: the run whose write comes second started from the
// same (empty) state, yet its commit keeps the first run's record, since a state change carries only the
// records it changed and is built on the branch tip.
TEST(DefaultState, ARunThatWritesSecondKeepsTheOtherRunsRecords) {
  TempDir dir;
  sh("git init -q --bare -b main " + shell_quote((dir.path() / "platform.git").string()));
  const StateLocation location =
      state_location("", parsed((dir.path() / "platform.git").string()), PlatformAccess{});
  auto first = writer::open_state_store(location.spec);
  auto second = writer::open_state_store(location.spec);
  ASSERT_TRUE(first && second);
  auto record = [](const std::string& name) {
    ObjectRecord r;
    r.kind = "redis";
    r.name = name;
    r.namespace_ = "default";
    r.promise = "redis";
    return r;
  };
  const ObjectRecord a = record("cache-a"), b = record("cache-b");
  ASSERT_TRUE((*first)->apply(run_state_change({}, {{a.directory(), a}}, "first")));
  ASSERT_TRUE((*second)->apply(run_state_change({}, {{b.directory(), b}}, "second")));
  auto recorded = load_run_state(**first);
  ASSERT_TRUE(recorded) << recorded.error().message;
  EXPECT_EQ(recorded->size(), 2u);
  EXPECT_EQ(ferry::testing::git(dir.path() / "platform.git", "rev-list --count ferry-state"), "2");
}

TEST(PlatformCredentials, ComeFromFerryPlatformVariables) {
  TempDir dir;
  write_file(dir.path() / "known_hosts", "host ssh-ed25519 AAAA\n");
  std::map<std::string, std::string> vars = {
      {"FERRY_PLATFORM_USERNAME", "bot"},
      {"FERRY_PLATFORM_PASSWORD", "token"},
      {"FERRY_PLATFORM_SSH_KEY_FILE", "/keys/id"},
      {"FERRY_PLATFORM_KNOWN_HOSTS_FILE", (dir.path() / "known_hosts").string()}};
  auto env = [&](const char* name) -> std::optional<std::string> {
    auto found = vars.find(name);
    return found == vars.end() ? std::nullopt : std::optional(found->second);
  };
  auto credentials = platform_credentials(env);
  ASSERT_TRUE(credentials) << credentials.error().message;
  ASSERT_TRUE(credentials->basic);
  EXPECT_EQ(credentials->basic->username, "bot");
  EXPECT_EQ(credentials->basic->password, "token");
  ASSERT_TRUE(credentials->ssh);
  EXPECT_EQ(credentials->ssh->private_key_file, "/keys/id");
  EXPECT_EQ(credentials->ssh->known_hosts, "host ssh-ed25519 AAAA\n");
  vars["FERRY_PLATFORM_KNOWN_HOSTS_FILE"] = "/no/known_hosts";
  credentials = platform_credentials(env);
  ASSERT_FALSE(credentials);
  EXPECT_EQ(
      credentials.error().message,
      "cannot read FERRY_PLATFORM_KNOWN_HOSTS_FILE \"/no/known_hosts\"; ssh platform repositories need the "
      "server's host key");
  auto none = platform_credentials([](const char*) { return std::optional<std::string>(); });
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->basic);
  EXPECT_FALSE(none->ssh);
}

TEST(GitPlatform, FilesAreNamedByTheirPathInTheRepository) {
  TempDir dir;
  make_work_tree(dir.path() / "repo", {{"requests/x.yaml", "apiVersion: v1\nkind: [\n"},
                                       {".github/ci.yaml", "not: [\n"},
                                       {"README.md", "# not YAML\n"}});
  const LoadResult loaded =
      load_platform_source(parsed((dir.path() / "repo").string(), "main"), PlatformAccess{});
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_EQ(loaded.errors[0].render().substr(0, 16), "requests/x.yaml:") << loaded.errors[0].render();
  EXPECT_EQ(loaded.platform.root, dir.path() / "repo");
}

TEST(GitPlatform, AMissingBranchOrRepositoryIsOneLine) {
  TempDir dir;
  make_work_tree(dir.path() / "repo", {{"a.yaml", "a: 1\n"}});
  const LoadResult missing_ref =
      load_platform_source(parsed((dir.path() / "repo").string(), "nope"), PlatformAccess{});
  ASSERT_EQ(missing_ref.errors.size(), 1u);
  EXPECT_EQ(missing_ref.errors[0].render(),
            "platform " + (dir.path() / "repo/.git").string() +
                "@nope: no branch \"nope\" there, or it holds no files; name the branch with --platform-ref");
  const std::string url = "file://" + (dir.path() / "none.git").string();
  const LoadResult missing_repo = load_platform_source(parsed(url), PlatformAccess{});
  ASSERT_EQ(missing_repo.errors.size(), 1u);
  EXPECT_EQ(missing_repo.errors[0].render(),
            "platform " + url + "@main: no repository at " + (dir.path() / "none.git").string());
}

}  // namespace
}  // namespace ferry::runner

#include "tests/support/test_support.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <spdlog/spdlog.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace ferry::testing {

// spdlog makes its logger registry on first use. The ferry binary makes it in main (runner/logging.h),
// before any task runs; a test that calls reconcile() directly would make it inside a TBB task instead,
// which ThreadSanitizer reports as a race with the next thread's use (spdlog's library is not built for
// it, so the guard of the registry's static is not seen). Making it while the test binary starts, on the
// main thread, is what the binary does.
[[maybe_unused]] const bool kLoggerRegistryMade = (spdlog::default_logger_raw(), true);

namespace {

// Every test process gets its own empty $XDG_CACHE_HOME, removed at exit, so the ferry binaries it runs
// share no cache (pipeline results, store fetches) with the user's or another test process: a pinned
// output must not depend on what ran before. It also gives git a committer identity.
class IsolatedCacheHome {
 public:
  IsolatedCacheHome() {
    ::setenv("XDG_CACHE_HOME", dir_.path().c_str(), 1);
    // The git commands tests run (platform repositories, hand edits) commit with their own identity, so the
    // suite passes on a machine without a global one (a fresh CI runner, a packager's chroot).
    for (const char* name : {"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"}) ::setenv(name, "ferry tests", 0);
    for (const char* name : {"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"})
      ::setenv(name, "tests@ferry.invalid", 0);
  }

 private:
  TempDir dir_;
};

}  // namespace

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base != nullptr ? base : "/tmp") + "/ferry-test-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed for " + pattern);
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

namespace {
const IsolatedCacheHome isolated_cache_home;  // before main(), in every binary linking this file
}  // namespace

void write_file(const std::filesystem::path& path, const std::string& content) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << content;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

CommandResult run(const std::string& command, bool merge_stderr) {
  CommandResult result;
  const std::string full = merge_stderr ? command + " 2>&1" : command;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(full.c_str(), "r"), pclose);
  if (!pipe) return result;
  std::array<char, 4096> buffer{};
  std::size_t read = 0;
  while ((read = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0)
    result.output.append(buffer.data(), read);
  const int status = pclose(pipe.release());
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string git(const std::filesystem::path& repo, const std::string& args) {
  const auto result = run("git --git-dir=" + shell_quote(repo.string()) + " " + args);
  EXPECT_EQ(result.exit_code, 0) << "git " << args << ":\n" << result.output;
  std::string output = result.output;
  if (!output.empty() && output.back() == '\n') output.pop_back();
  return output;
}

pid_t spawn_in_own_group(std::vector<std::string> words, const std::filesystem::path& stdout_path,
                         const std::filesystem::path& stderr_path) {
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 1, stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, 2, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  const int failed = posix_spawn(&pid, argv[0], &files, &attributes, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attributes);
  EXPECT_EQ(failed, 0) << "cannot start " << words[0];
  return failed == 0 ? pid : -1;
}

std::set<std::string> directories_holding(const std::filesystem::path& repo, const std::string& branch,
                                          const std::string& part) {
  const std::string listing = git(repo, "ls-tree -r --name-only " + branch);
  std::set<std::string> names;
  for (std::size_t at = listing.find(part); at != std::string::npos; at = listing.find(part, at + 1)) {
    const std::size_t line = listing.rfind('\n', at);
    const std::size_t begin = line == std::string::npos ? 0 : line + 1;
    names.insert(listing.substr(begin, at - begin));
  }
  return names;
}

}  // namespace ferry::testing

// ThreadSanitizer cannot see glibc's internal lock around the time-zone state that localtime_r (called by
// libgit2 for reflog signatures) takes, and reports a race that is not there.
extern "C" const char* __tsan_default_suppressions() {
  return "race:tzset_internal\n";
}

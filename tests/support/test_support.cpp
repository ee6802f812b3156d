#include "tests/support/test_support.h"

#include <gtest/gtest.h>
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
namespace {

// Every test process gets its own empty $XDG_CACHE_HOME, removed at exit, so the ferry binaries it runs
// share no cache (pipeline results, store fetches) with the user's or another test process: a pinned
// output must not depend on what ran before.
class IsolatedCacheHome {
 public:
  IsolatedCacheHome() { ::setenv("XDG_CACHE_HOME", dir_.path().c_str(), 1); }

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

}  // namespace ferry::testing

// ThreadSanitizer cannot see glibc's internal lock around the time-zone state that localtime_r (called by
// libgit2 for reflog signatures) takes, and reports a race that is not there.
extern "C" const char* __tsan_default_suppressions() {
  return "race:tzset_internal\n";
}

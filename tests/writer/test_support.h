// Helpers for the writer tests: a fresh temporary directory per test and running the git CLI, which checks
// what libgit2 wrote independently of libgit2.
#pragma once

#include <filesystem>
#include <string>

namespace ferry::writer::testing {

// A new, empty, uniquely named directory under the system temp directory; removed on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `command` with /bin/sh and returns its exit code and output.
CommandResult run(const std::string& command);

// `text` as one single-quoted shell word.
std::string shell_quote(const std::string& text);

// Runs `git --git-dir=<repo> <args>`; adds a test failure if git fails. Returns its output without the
// final newline.
std::string git(const std::filesystem::path& repo, const std::string& args);

}  // namespace ferry::writer::testing

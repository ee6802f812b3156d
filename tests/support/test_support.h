// Shared test helpers: temporary directories, files, and running commands (git, the ferry binary) so that
// results are checked independently of the code under test.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace ferry::testing {

// A new, empty, uniquely named directory under $TMPDIR (or /tmp); removed with its content on destruction.
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

// Writes `content` to `path`, creating parent directories.
void write_file(const std::filesystem::path& path, const std::string& content);
std::string read_file(const std::filesystem::path& path);

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout, and stderr too unless the command redirects it
};

// Runs `command` with /bin/sh (stderr merged into the output unless `merge_stderr` is false).
CommandResult run(const std::string& command, bool merge_stderr = true);

// `text` as one single-quoted shell word.
std::string shell_quote(const std::string& text);

// Runs `git --git-dir=<repo> <args>`; adds a test failure if git fails. Output without the final newline.
std::string git(const std::filesystem::path& repo, const std::string& args);

// The leading part, up to `part`, of every path on `branch` of the bare repository `repo` that contains
// `part`: for "dev/resources/default/redis/a/x.yaml" and part "/resources/default/redis/a/", "dev" (the
// Destination directories holding a request's bundle).
std::set<std::string> directories_holding(const std::filesystem::path& repo, const std::string& branch,
                                          const std::string& part);

// Starts `words` (words[0] a path) without waiting, in a process group of its own (so a test can signal it
// and everything it started), stdout and stderr to those files (created or emptied). Its pid; a test failure
// and -1 when it cannot start.
pid_t spawn_in_own_group(std::vector<std::string> words, const std::filesystem::path& stdout_path,
                         const std::filesystem::path& stderr_path);

}  // namespace ferry::testing

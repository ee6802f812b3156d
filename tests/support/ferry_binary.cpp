// run_binary (a binary's run as one /bin/sh command through run()), command_line and HeldLock.
#include "tests/support/ferry_binary.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include "tests/support/test_support.h"

namespace ferry::testing {

std::string command_line(const std::filesystem::path& binary, const FerryArgs& args) {
  std::string line = shell_quote(binary.string());
  for (const std::string& arg : args) line += " " + shell_quote(arg);
  return line;
}

// The shell runs ferry as a child and reports a death by signal N as 128 + N (a crash test's SIGKILL is
// 137); run() merges stderr with " 2>&1" or leaves it to the file named here.
FerryResult run_binary(const std::filesystem::path& binary, const FerryArgs& args,
                       const FerryOptions& options) {
  std::string command;
  if (!options.cwd.empty()) command += "cd " + shell_quote(options.cwd.string()) + " && ";
  for (const auto& [name, value] : options.env) command += name + "=" + shell_quote(value) + " ";
  if (options.timeout_seconds > 0)
    command += "timeout -k 10 " + std::to_string(options.timeout_seconds) + " ";
  command += command_line(binary, args);
  const TempDir scratch;
  const std::filesystem::path err = scratch.path() / "stderr";
  if (!options.merge_stderr) command += " 2>" + shell_quote(err.string());
  const CommandResult result = run(command, options.merge_stderr);
  return {result.exit_code, result.output, options.merge_stderr ? "" : read_file(err)};
}

HeldLock::HeldLock(const std::filesystem::path& path)
    : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
  EXPECT_GE(fd_, 0) << "cannot open " << path;
  if (fd_ >= 0) {
    EXPECT_EQ(::flock(fd_, LOCK_EX | LOCK_NB), 0) << "cannot lock " << path;
  }
}

HeldLock::~HeldLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace ferry::testing

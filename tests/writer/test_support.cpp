#include "test_support.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <memory>
#include <random>

namespace ferry::writer::testing {

TempDir::TempDir() {
  std::random_device random;
  const auto name = "ferry-writer-test-" + std::to_string(getpid()) + "-" + std::to_string(random()) +
                    std::to_string(random());
  path_ = std::filesystem::temp_directory_path() / name;
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

CommandResult run(const std::string& command) {
  CommandResult result;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen((command + " 2>&1").c_str(), "r"), pclose);
  if (!pipe) return result;
  std::array<char, 4096> buffer{};
  std::size_t read = 0;
  while ((read = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0) result.output.append(buffer.data(), read);
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

}  // namespace ferry::writer::testing

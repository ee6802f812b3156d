#include "tests/writer/git_servers.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <sstream>

#include "tests/support/test_support.h"

namespace ferry::writer::testing_remote {
namespace {

GitServers& state() {
  static GitServers servers;
  return servers;
}

std::map<std::string, std::string> read_env(const std::filesystem::path& file) {
  std::map<std::string, std::string> values;
  std::istringstream lines(ferry::testing::read_file(file));
  for (std::string line; std::getline(lines, line);) {
    const auto equals = line.find('=');
    if (equals == std::string::npos) continue;
    std::string value = line.substr(equals + 1);
    if (value.size() >= 2 && value.front() == '\'' && value.back() == '\'')
      value = value.substr(1, value.size() - 2);
    values[line.substr(0, equals)] = value;
  }
  return values;
}

class GitServersEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    GitServers& servers = state();
    if (const char* wanted = std::getenv(kGitServersVariable);
        wanted != nullptr && wanted == std::string("off")) {
      servers.failure = std::string("not started in this process: ") + kGitServersVariable + "=off";
      return;
    }
    temp_ = std::make_unique<ferry::testing::TempDir>();
    servers.dir = temp_->path() / "servers";
    if (const std::string failure = run_git_servers("start"); !failure.empty()) {
      servers.failure = "ci/git-servers start " + servers.dir.string() + " failed:\n" + failure;
      FAIL() << servers.failure;
    }
    servers.values = read_env(servers.dir / "servers.env");
    servers.started = true;
  }
  void TearDown() override {
    if (temp_ == nullptr) return;
    if (const std::string failure = run_git_servers("stop"); !failure.empty()) ADD_FAILURE() << failure;
    temp_.reset();
  }

 private:
  std::unique_ptr<ferry::testing::TempDir> temp_;
};

[[maybe_unused]] ::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new GitServersEnvironment);

}  // namespace

const std::string& GitServers::at(const std::string& key) const {
  static const std::string kMissing;
  const auto found = values.find(key);
  if (found != values.end()) return found->second;
  ADD_FAILURE() << key << " is missing from " << (dir / "servers.env").string();
  return kMissing;
}

const GitServers& git_servers() {
  return state();
}

std::string run_git_servers(const std::string& action) {
  const auto result = ferry::testing::run(std::string(FERRY_SOURCE_DIR) + "/ci/git-servers " + action + " " +
                                          ferry::testing::shell_quote(state().dir.string()));
  return result.exit_code == 0   ? ""
         : result.output.empty() ? "exit code " + std::to_string(result.exit_code)
                                 : result.output;
}

}  // namespace ferry::writer::testing_remote

// libgit2 1.5's ssh transport never frees what it allocates for ~/.ssh/known_hosts on a successful
// connection (the libssh2 known-hosts list and two path buffers), once per ssh connection. Both are
// allocated inside git_remote_connect_ext, where ferry allocates nothing of its own. libgit2 has no frame
// pointers, so only the slow unwinder sees that frame in the allocation's stack.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libssh2_knownhost_init\nleak:git_remote_connect_ext\n";
}
extern "C" const char* __asan_default_options() {
  return "fast_unwind_on_malloc=0";
}

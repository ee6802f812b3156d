// Real Git servers for writer_integration_test: a GoogleTest global environment runs
// `ci/git-servers start <temp dir>` before the first test and `stop` after the last, and every test
// reads the servers' addresses and credentials from here. When the servers cannot start, every test
// fails with the script's output (never skips).
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace ferry::writer::testing_remote {

struct GitServers {
  bool started = false;
  std::string failure;                        // why they did not start
  std::filesystem::path dir;                  // the script's DIR
  std::map<std::string, std::string> values;  // DIR/servers.env, e.g. values["FERRY_HTTPS_URL"]

  const std::string& at(const std::string& key) const;  // fails the test when `key` is missing
};

// The servers of this test binary (started by the environment before any test runs).
const GitServers& git_servers();

// Set to "off" in the environment of a process of a test binary that does not use the servers, such as
// a child that runs one test and is killed: nothing would stop the servers it started.
inline constexpr const char* kGitServersVariable = "FERRY_TEST_GIT_SERVERS";

// Runs `ci/git-servers <action> <dir>`; "" on success, else the script's output.
std::string run_git_servers(const std::string& action);

}  // namespace ferry::writer::testing_remote

// End to end: a Destination path carrying a newline and a workflow command, run as a GitHub Actions step
// (issue 26, item 7). GitHub reads every line of a step's stdout and stderr, leading blanks trimmed, as a
// possible workflow command: no line of ferry's may start the injected one, and the job summary may not
// carry it onto a line of its own.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::write_file;

// The lines of `text` that start (leading blanks trimmed) with `prefix`.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> found;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find_first_not_of(" \t");
    if (first != std::string::npos && line.compare(first, prefix.size(), prefix) == 0) found.push_back(line);
  }
  return found;
}

class UntrustedTextE2E : public ferry::testing::PlatformFixture {
 protected:
  // worker-dev's spec.path becomes "worker-dev\n::error::injected by a path".
  void plant_hostile_path() {
    std::string workers = read_file(platform() / "destinations/workers.yaml");
    const std::string path = "  path: worker-dev\n";
    workers.replace(workers.find(path), path.size(),
                    "  path: \"worker-dev\\n::error::injected by a path\"\n");
    write_file(platform() / "destinations/workers.yaml", workers);
  }

  // `ferry <command> PLATFORM` as a GitHub Actions step (commands that run pipelines with --runtime exec);
  // returns stdout and stderr, the job summary is left in dir/summary.md. A bad command line fails the test.
  std::string step(const FerryArgs& command, bool runs_pipelines = true) {
    const auto result = run_ferry(
        command + FerryArgs{platform().string()} + (runs_pipelines ? exec_runtime() : FerryArgs{}),
        {.env = {{"GITHUB_ACTIONS", "true"}, {"GITHUB_STEP_SUMMARY", (dir.path() / "summary.md").string()}}});
    EXPECT_NE(result.exit_code, 2) << result.error_output;
    return result.output + result.error_output;
  }
};

TEST_F(UntrustedTextE2E, AHostileDestinationPathInjectsNoWorkflowCommandAndForgesNoLine) {
  plant_hostile_path();
  std::string logs = step({"validate"}, false);
  logs += step({"reconcile"});
  logs += step({"reconcile", "--output", "json"});
  logs += step({"plan", "--force"});
  EXPECT_EQ(lines_starting(logs, "::error::injected"), std::vector<std::string>{}) << logs;
  const std::string summary =
      std::filesystem::exists(dir.path() / "summary.md") ? read_file(dir.path() / "summary.md") : "";
  EXPECT_EQ(lines_starting(summary, "::error"), std::vector<std::string>{}) << summary;
  // The path is shown, escaped, wherever ferry names it.
  EXPECT_NE(logs.find("worker-dev\\x0A::error::injected by a path"), std::string::npos) << logs;
}

}  // namespace
}  // namespace ferry

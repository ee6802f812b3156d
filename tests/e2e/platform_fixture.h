// The ferry binary on a fresh copy of fixtures/platform, whose state stores land in state/ beside it.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "tests/e2e/records_agree.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry::testing {

class PlatformFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::copy(std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures/platform", platform(),
                          std::filesystem::copy_options::recursive);
  }
  std::filesystem::path platform() const { return dir.path() / "platform"; }
  std::filesystem::path clusters() const { return dir.path() / "state/clusters.git"; }
  std::filesystem::path observability() const { return dir.path() / "state/observability.git"; }
  // The fixture exec config's path, and the options that run its pipelines as host scripts under
  // bubblewrap (fixtures/exec): --runtime exec --exec-config PATH.
  static std::string exec_config() {
    return std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml";
  }
  static FerryArgs exec_runtime() { return {"--runtime", "exec", "--exec-config", exec_config()}; }

  // Runs `ferry reconcile --output json PLATFORM <extra>`; returns the exit code and the parsed report. Its
  // stderr is left in dir/stderr.
  std::pair<int, nlohmann::json> reconcile(const FerryArgs& extra = {}) {
    const auto result = run_ferry(FerryArgs{"reconcile", "--output", "json", platform().string()} + extra);
    write_file(dir.path() / "stderr", result.error_output);
    nlohmann::json report = nlohmann::json::parse(result.output, nullptr, false);
    EXPECT_FALSE(report.is_discarded()) << result.output << result.error_output;
    if (result.exit_code == 0 || result.exit_code == 3 || result.exit_code == 4) expect_records_agree(extra);
    return {result.exit_code, report};
  }

  // After a run that ended (records_agree.h): the records of its state (the default one, or --state given as
  // an absolute path) and the fixture's two stores agree. Nothing to check with --no-state.
  void expect_records_agree(const FerryArgs& extra) const {
    std::filesystem::path state = platform() / ".ferry/state.git";
    for (std::size_t i = 0; i < extra.size(); ++i) {
      if (extra[i] == "--no-state") return;
      if (extra[i] == "--state" && i + 1 < extra.size()) state = extra[i + 1];
    }
    if (!state.is_absolute()) return;
    const std::map<std::string, RepoFiles> trees = {
        {"clusters", files_of_branch(clusters(), "main")},
        {"observability", files_of_branch(observability(), "main")}};
    EXPECT_EQ(record_disagreements(trees, records_of(state, "state")), std::vector<std::string>{})
        << "the records and the Destinations disagree after reconcile";
    // Every tree ferry wrote is one a GitOps agent can clone: nothing git fsck --strict flags.
    for (const std::filesystem::path& store : {clusters(), observability()}) {
      if (!std::filesystem::exists(store)) continue;
      const auto fsck = run("git --git-dir=" + shell_quote(store.string()) + " fsck --strict --no-dangling 2>&1");
      EXPECT_EQ(fsck.exit_code, 0) << store << ":\n" << fsck.output;
    }
  }

  // "namespace/name" -> result of every request in the report.
  static std::map<std::string, std::string> results_by_name(const nlohmann::json& report) {
    std::map<std::string, std::string> out;
    for (const auto& r : report["requests"])
      out[r["namespace"].get<std::string>() + "/" + r["name"].get<std::string>()] = r["result"];
    return out;
  }

  TempDir dir;
};

}  // namespace ferry::testing

// The ferry binary on a fresh copy of fixtures/platform, whose state stores land in state/ beside it.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

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
    return {result.exit_code, report};
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

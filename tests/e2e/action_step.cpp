#include "tests/e2e/action_step.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <regex>

namespace ferry::testing {

ActionStep ferry_step_of_action(const std::map<std::string, std::string>& inputs,
                                const std::string& action_path) {
  const YAML::Node action = YAML::LoadFile(std::string(FERRY_SOURCE_DIR) + "/action.yml");
  for (const YAML::Node& step : action["runs"]["steps"]) {
    if (step["id"].as<std::string>("") != "ferry") continue;
    ActionStep found{step["run"].as<std::string>(), {}};
    for (const auto& variable : step["env"]) {
      std::string value = variable.second.as<std::string>();
      const std::smatch input = [&] {
        std::smatch m;
        std::regex_match(value, m, std::regex(R"(\$\{\{ inputs\.([a-z-]+) \}\})"));
        return m;
      }();
      if (value == "${{ github.action_path }}") {
        value = action_path;
      } else if (value == "${{ github.token }}") {
        value = "";  // no job token here: the test repositories need none
      } else if (!input.empty()) {
        const std::string name = input[1];
        value = inputs.contains(name) ? inputs.at(name) : action["inputs"][name]["default"].as<std::string>();
      }
      found.env[variable.first.as<std::string>()] = value;
    }
    return found;
  }
  ADD_FAILURE() << "action.yml has no step with id ferry";
  return {};
}

CommandResult run_ferry_step(const std::filesystem::path& dir,
                             const std::map<std::string, std::string>& inputs) {
  const auto action_path = dir / "action";
  if (!std::filesystem::exists(action_path)) {
    std::filesystem::create_directories(action_path);
    std::filesystem::create_directory_symlink(FERRY_BINARY_DIR, action_path / "build");
  }
  const auto workspace = dir / "workspace";
  std::filesystem::create_directories(workspace);
  const ActionStep step = ferry_step_of_action(inputs, action_path.string());
  EXPECT_FALSE(step.script.empty());
  EXPECT_EQ(step.script.find("${{"), std::string::npos) << "inputs are spliced into the script:\n"
                                                        << step.script;
  write_file(dir / "step.sh", step.script);
  std::string command = "cd " + shell_quote(workspace.string()) +
                        " && env GITHUB_ACTIONS=true GITHUB_WORKSPACE=" + shell_quote(workspace.string()) +
                        " GITHUB_OUTPUT=" + shell_quote((dir / "outputs").string()) +
                        " GITHUB_STEP_SUMMARY=" + shell_quote((dir / "summary.md").string());
  for (const auto& [name, value] : step.env) command += " " + name + "=" + shell_quote(value);
  // GitHub runs `shell: bash` steps as `bash --noprofile --norc -eo pipefail {0}`.
  return run(command + " bash --noprofile --norc -eo pipefail " + shell_quote((dir / "step.sh").string()) +
             " 2>&1");
}

}  // namespace ferry::testing

// action.yml's ferry step run by bash as GitHub would run it (the set-up and build steps skipped: the binary
// is built): its `run` script, with its `env` holding the inputs' expressions evaluated.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "tests/support/test_support.h"

namespace ferry::testing {

struct ActionStep {
  std::string script;
  std::map<std::string, std::string> env;
};

// The step with id "ferry", `inputs` over the defaults, the action checked out at `action_path`; no job
// token (${{ github.token }} is empty).
ActionStep ferry_step_of_action(const std::map<std::string, std::string>& inputs,
                                const std::string& action_path);

// Runs the step with `inputs` as GitHub would: the action's checkout in dir/action (whose build/ is the
// tests' build directory) and the workspace dir/workspace (made when missing); outputs and summary land in
// dir. Not through run_ferry: what runs is the step's bash script, which finds the binary in build/.
CommandResult run_ferry_step(const std::filesystem::path& dir,
                             const std::map<std::string, std::string>& inputs);

}  // namespace ferry::testing

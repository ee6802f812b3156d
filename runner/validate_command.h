// `ferry validate` (validate_command.cpp): its options and its entry point; options in, exit code out.
#pragma once

#include <string>

#include "runner/command_options.h"

namespace ferry::runner {

// `ferry validate`: loads and checks the platform as reconcile does before running anything; runs nothing,
// writes nothing. Exit 0 valid, 1 errors.
struct ValidateCommandOptions {
  PlatformCommandOptions platform;
  std::string output = "text";  // text | json
  StoreCommandOptions stores;   // how a Git platform is reached
};

int run_validate(const ValidateCommandOptions& options);

}  // namespace ferry::runner

// `ferry explain` (explain_command.cpp): its options and its entry point; options in, exit code out.
#pragma once

#include <string>

#include "runner/command_options.h"

namespace ferry::runner {

// `ferry explain`: why each group of a request (or a Promise's dependencies) goes where it goes; writes
// nothing.
struct ExplainCommandOptions {
  PlatformCommandOptions platform;
  std::string request;  // NAMESPACE/NAME
  std::string promise;  // NAME
  std::string output = "text";
  RuntimeCommandOptions run;
  StoreCommandOptions stores;
};

int run_explain(const ExplainCommandOptions& options);

}  // namespace ferry::runner

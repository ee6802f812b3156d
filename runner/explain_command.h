// `ferry explain` (explain_command.cpp): its options and its entry point; options in, exit code out.
#pragma once

#include <string>

#include "core/error.h"
#include "platform/platform.h"
#include "runner/command_options.h"

namespace ferry::runner {

// `ferry explain`: why each group of a request (or a Promise's dependencies) goes where it goes; writes
// nothing.
struct ExplainCommandOptions {
  PlatformCommandOptions platform;
  std::string request;  // NAMESPACE/NAME or KIND/NAMESPACE/NAME
  std::string promise;  // NAME
  std::string output = "text";
  RuntimeCommandOptions run;
  StoreCommandOptions stores;
  std::string state_dir;     // --state: the recorded state read for what deleted Placements placed
  std::string state_branch;  // --state-branch
};

int run_explain(const ExplainCommandOptions& options);

// The request `given` names: NAMESPACE/NAME, or KIND/NAMESPACE/NAME, which two requests of different kinds
// with one name need. An error when none matches, or when NAMESPACE/NAME matches several (it names them).
Result<const pipeline::Request*> request_named(const Platform& platform, const std::string& given);

}  // namespace ferry::runner

// `ferry status` (status_command.cpp): its options and its entry point; options in, exit code out.
#pragma once

#include <string>

#include "runner/command_options.h"

namespace ferry::runner {

// `ferry status`: what the recorded state says (run_state.h), read without the state lock, so it works
// while a reconcile runs. Exit 0 shown, 1 no recorded state or no such object.
struct StatusCommandOptions {
  PlatformCommandOptions platform;
  std::string object;           // "" = every Promise and request; NAMESPACE/NAME a request; NAME a Promise
  std::string promise;          // --promise NAME: that Promise, as `object` NAME (docs/lifecycle.md)
  std::string state_dir;        // "" = the default of state_access.h state_location
  std::string state_branch;     // --state-branch, as for reconcile
  std::string output = "text";  // text | json | yaml (the objects with their status, as kubectl -o yaml)
  StoreCommandOptions stores;   // how a Git platform, or remote state, is reached
};

int run_status(const StatusCommandOptions& options);

}  // namespace ferry::runner

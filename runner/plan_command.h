// `ferry plan` (plan_command.cpp): its options and its entry point; options in, exit code out.
#pragma once

#include <string>

#include "runner/command_options.h"

namespace ferry::runner {

// `ferry plan`: reconcile on in-memory copies of the stores (writer/planning_store.h); prints each object's
// outcome and every Destination's file diff, writes nothing (no commit, no state record).
struct PlanCommandOptions {
  PlatformCommandOptions platform;
  std::string output = "text";  // text | json
  int jobs = 2;
  StateCommandOptions state;  // the recorded state is read (never locked or written) to skip unchanged work
  bool detailed_exitcode = false;  // exit 2 when something would change
  RuntimeCommandOptions run;
  StoreCommandOptions stores;
};

int run_plan(const PlanCommandOptions& options);

}  // namespace ferry::runner

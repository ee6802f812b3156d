// `ferry reconcile` (reconcile_command.cpp): its options and its entry point; options in, exit code out.
#pragma once

#include <string>

#include "runner/command_options.h"

namespace ferry::runner {

// `ferry reconcile`: every request's workflows run, their outputs scheduled and committed, the state
// recorded.
struct ReconcileCommandOptions {
  PlatformCommandOptions platform;
  std::string output = "text";  // text | json
  int jobs = 2;
  StateCommandOptions state;
  std::string metrics_file;  // Prometheus textfile metrics of the run, replaced atomically ("" = none)
  RuntimeCommandOptions run;
  StoreCommandOptions stores;
  std::string logs_dir;    // --logs-dir: where each object's container logs are kept ("" = the default)
  bool show_logs = false;  // --show-logs: print each container's output on stderr as it ends
  // --publish-status STORE[:PATH]: the status tree also goes to that GitStateStore ("" = only the state
  // branch; run/status_publication.h)
  std::string publish_status;
  std::string api_audit_file;  // --api-audit-file: the platform API's audit log ("" = none)
};

int run_reconcile(const ReconcileCommandOptions& options);

}  // namespace ferry::runner

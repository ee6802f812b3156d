// Kratix's canary files (reference §1.3, §4.6; docs/stores.md "Canary files"): a Namespace
// kratix-worker-system and a ConfigMap kratix-info on each Destination whose spec.initWorkloads.enabled is
// set, so a GitOps agent reading the Destination has something to apply and its directories exist. true
// writes both, false deletes both, absent leaves them alone (unlike Kratix's default of true: writing them
// would add a commit and two files to every existing repository).
#pragma once

#include <map>
#include <string>

#include "platform/platform.h"
#include "run/multi_store_commit.h"
#include "run/run_report.h"
#include "writer/state_store.h"

namespace ferry::runner {

// The files' bytes, as Kratix's yaml.Marshal writes them.
extern const char* const kCanaryNamespaceYaml;
extern const char* const kCanaryConfigMapYaml;

// One Change per state store with a Destination that sets initWorkloads.enabled, holding the canary writes
// of all its Destinations; message "Update from: kratix-canary" (as Kratix's) with the trailer
// "Ferry-Destinations: <names, in platform order>". Stores without such a Destination have none.
std::map<std::string, writer::Change> canary_changes(const Platform& platform);

// Commits canary_changes, one commit per store that changes (none when the files are as they should be).
// The commits go to run.canary_commits; a store that fails adds to run.canary_errors, at the store's
// declaration:
//   <file:line:column>: GitStateStore "<name>": canary files not written: <the store's error>
// and the other stores are still written.
void commit_canaries(const Platform& platform, OpenStores& stores, RunReport& run);

}  // namespace ferry::runner

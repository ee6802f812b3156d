// Compound Promises (reference §5.3): a Promise whose workflow writes requests (or Promises) for other
// Promises. In Kratix its outputs go to a Destination that is the platform cluster itself and a GitOps
// agent applies them there; ferry has no cluster, so a Destination annotated `ferry.dev/platform: "true"`
// stands for the platform, and so does a Destination whose state store is the very repository and branch
// the platform was read from; what a run writes to them is read back as platform input for a further pass
// of the same run. Requests pipelines create through the platform API (run/api_request_ledger.h) are read
// back the same way, pass after pass.
#pragma once

#include <string>
#include <vector>

#include "platform/loader.h"
#include "platform/platform.h"
#include "platform/platform_source.h"
#include "run/reconcile.h"
#include "run/run_report.h"
#include "runtime/runtime.h"

namespace ferry::runner {

// Passes of one run before ferry gives up on outputs that never settle (a Promise whose requests keep
// emitting new requests through each other).
inline constexpr int kMaxCompoundPasses = 5;

// The YAML files committed to the platform's platform Destinations, in path order, each named
// "<store>:<path in the repository>" so a bad emitted object is located like a platform file. Files
// under dot-directories (the `.kratix` index of filepath mode none) are not input.
Result<std::vector<PlatformFile>> emitted_platform_files(const Platform& platform,
                                                         const StoreOpener& open_store);

// Marks as platform Destinations those whose state store is the repository and branch `source` was read
// from, and returns `files` without what lies under their directories: those files are what earlier runs
// wrote there, and each pass reads them from the store instead (so they are not loaded twice). A platform
// read from a directory keeps its files.
std::vector<PlatformFile> adopt_platform_repository(Platform& platform, std::vector<PlatformFile> files,
                                                    const PlatformSource& source);

// True when some Destination of `platform` is a platform Destination.
bool has_platform_destination(const Platform& platform);

// True when some Pipeline of `platform` has `rbac` (pipeline::serves_platform_api), so that it may create
// requests through the platform API, which reconcile_compound runs (run/api_request_ledger.h) and reads
// back from the records in later runs, served the API or not.
bool may_create_requests(const Platform& platform);

// Reconciles `files` (what `platform` was loaded from) plus what its platform Destinations hold and the
// requests created through options.api (api_created_inputs), pass after pass, until a pass leaves both as
// it found them. A pass runs only what is new or
// changed since the one before (a state is needed for that: without options.state, an in-memory one serves
// the run and nothing is recorded). Each object appears once in the report, with its last pass that did more
// than skip it. Errors: emitted objects that do not load (the first diagnostic, located by "<store>:<path>",
// with the count of all of them), and outputs still changing after kMaxCompoundPasses. PromiseReleases get
// their bodies from options.releases; a pass's release errors not in `known_release_errors` (rendered: the
// command's own load reported those) join the report's release_errors, each once. `unread_files`: those of
// `files` the stat index left without their text (LoadResult::unread_files), read only if a pass loads the
// files again. A first pass with nothing to add to `files` (no platform Destination, no request created
// through the API) runs `platform` as it is instead of loading the same files again.
Result<RunReport> reconcile_compound(const Platform& platform, const std::vector<PlatformFile>& files,
                                     runtime::ContainerRuntime& runtime, const StoreOpener& open_store,
                                     ReconcileOptions options,
                                     const std::vector<std::string>& known_release_errors = {},
                                     const std::vector<std::string>& unread_files = {});

}  // namespace ferry::runner

// External schedulers (Crossplane's `schedulerName`, seed 002): a PlacementPolicy may hand a request's
// placement to an executable of the platform repository. ferry writes what it knows as JSON on the
// child's stdin and reads the choices as JSON from its stdout; the protocol is docs/external-scheduler.md.
// Every failure is an Error value: the caller leaves the request pending with it.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/labels.h"

namespace ferry::runner {

inline constexpr int kExternalSchedulerFormatVersion = 1;

// A Destination that some group may go to.
struct SchedulerDestination {
  std::string name;
  Labels labels;
  std::map<std::string, double> metrics;  // Metric name -> normalised value in [0, 1]; empty when none
};

// One output group of the request, to be placed.
struct SchedulerGroup {
  std::string key;  // unique within the request; the key of the answer's "placements"
  std::string pipeline;
  std::string directory;  // "" for the default group
  Labels selector;        // the labels it must match (for the scheduler's information)
  std::vector<std::string>
      candidates;                    // Destinations that passed ferry's own filters; the only valid choices
  std::vector<std::string> current;  // Destinations holding it now (may be no candidate any more)
  int count = 1;                     // how many Destinations to choose, at most
};

// The resource request being placed.
struct SchedulerRequest {
  std::string api_version;
  std::string kind;
  std::string name;
  std::string namespace_;
  std::string promise;
  std::string object_yaml;  // the whole object; sent as JSON
};

struct SchedulerInput {
  std::string policy;  // the PlacementPolicy's name
  SchedulerRequest request;
  std::vector<SchedulerGroup> groups;
  std::vector<SchedulerDestination> destinations;  // every Destination some group lists as candidate
};

struct SchedulerOutput {
  std::map<std::string, std::vector<std::string>> placements;  // group key -> chosen Destinations
};

// The executable for `scheduler_name`: a name with a '/' is a path relative to the platform root
// ("tools/spread.sh"); a plain name is looked up in the platform's schedulers/ directory ("spread" is
// <root>/schedulers/spread). Absolute paths and ".." are refused; the file must exist and be executable.
// Returns an absolute path.
Result<std::filesystem::path> resolve_scheduler(const std::string& scheduler_name,
                                                const std::filesystem::path& platform_root);

// Runs `executable` in `working_directory` (the platform root) with `input` as JSON on stdin and reads
// the answer from stdout; kills it and its process group after `timeout`. Errors: cannot start, timeout,
// non-zero exit (with the last lines of stderr), killed by a signal, invalid JSON, a wrong format_version,
// a group missing from the answer or unknown to the request, an empty, repeated, too long or
// out-of-candidates choice.
Result<SchedulerOutput> run_external_scheduler(const std::filesystem::path& executable,
                                               const SchedulerInput& input,
                                               const std::filesystem::path& working_directory,
                                               std::chrono::milliseconds timeout);

}  // namespace ferry::runner

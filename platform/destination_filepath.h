// A Destination's spec.filepath (reference §4.2-4.5): how the writer lays out the files placed on it, and
// its spec.cleanup (kratix-newer reference §8.4): whether they are removed when the Destination is. The
// scheduler never needs them; the platform keeps them for the writer (a plain value, header only; its
// reader is destination_filepath_parser.h).
#pragma once

#include <string>

#include "writer/state_store.h"

namespace ferry::runner {

// spec.filepath.filename when absent (aggregatedYAML only).
inline constexpr const char* kDefaultAggregateFile = "aggregated.yaml";

// spec.filepath as plain values; the defaults are what an absent spec.filepath means.
struct DestinationFilepath {
  writer::FilepathMode mode = writer::FilepathMode::nested_by_metadata;  // spec.filepath.mode
  std::string aggregate_file = kDefaultAggregateFile;  // spec.filepath.filename (aggregatedYAML)
  // spec.cleanup: all (run/destination_cleanup.h); none, the default, leaves the files when it goes.
  bool cleanup_all = false;
  bool operator==(const DestinationFilepath&) const = default;
};

}  // namespace ferry::runner

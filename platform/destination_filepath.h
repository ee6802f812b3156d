// A Destination's spec.filepath (reference §4.2-4.5): how the writer lays out the files placed on it. The
// scheduler never needs it; the platform keeps it for the writer (a plain value, header only; its reader is
// destination_filepath_parser.h).
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
  bool operator==(const DestinationFilepath&) const = default;
};

}  // namespace ferry::runner

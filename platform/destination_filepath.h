// A Destination's spec.filepath (reference §4.2-4.5): how the writer lays out the files placed on it. The
// scheduler parses the rest of the Destination and leaves this field alone; the platform reads it here.
#pragma once

#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
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

// Reads spec.filepath of a Destination (or Cluster) document that parse_destination (or
// parse_cluster) accepted, so its spec is a map. mode is one of writer/layout.h filepath_mode_named's
// spellings, nestedByMetadata when absent; filename is a plain file name, and only in mode aggregatedYAML.
// Errors point at the offending node.
Result<DestinationFilepath> parse_destination_filepath(const YamlDocument& document);

}  // namespace ferry::runner

// Reading a Destination's spec.filepath (destination_filepath.h) from its document.
#pragma once

#include "core/error.h"
#include "core/yaml_document.h"
#include "platform/destination_filepath.h"

namespace ferry::runner {

// Reads spec.filepath of a Destination (or Cluster) document that parse_destination (or
// parse_cluster) accepted, so its spec is a map. mode is one of writer/layout.h filepath_mode_named's
// spellings, nestedByMetadata when absent; filename is a plain file name, and only in mode aggregatedYAML.
// spec.cleanup is "none" (default) or "all" (not with mode none). Errors point at the offending node.
Result<DestinationFilepath> parse_destination_filepath(const YamlDocument& document);

}  // namespace ferry::runner

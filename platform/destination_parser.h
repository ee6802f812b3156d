// Destination (and the older Cluster) documents -> scheduler::Destination: the Kratix fields, then ferry's
// scheduling state (status.conditions and ferry's annotations). spec.filepath is
// destination_filepath_parser.h's.
#pragma once

#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
#include "scheduler/destination.h"

namespace ferry::runner {

// Reads status.conditions and ferry's annotations into `destination` (called by parse_destination).
Status read_scheduling_state(const YAML::Node& node, const std::string& file,
                             scheduler::Destination& destination);

// Parses a Destination document (kind already checked by the caller).
Result<scheduler::Destination> parse_destination(const YamlDocument& document);

// Parses the older API's Cluster (seed 000) as a Destination: the same fields, spec.path defaulting to
// the name. ferry still needs spec.stateStoreRef to know where its files go.
Result<scheduler::Destination> parse_cluster(const YamlDocument& document);

}  // namespace ferry::runner

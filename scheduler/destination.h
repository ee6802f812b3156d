// Destinations: where placements go (reference §1.3), parsed from the platform repository.
#pragma once

#include <string>

#include "core/error.h"
#include "core/labels.h"
#include "core/yaml_document.h"

namespace ferry::scheduler {

struct Destination {
  std::string name;
  Labels labels;
  bool strict_match_labels = false;
  std::string path;              // spec.path inside the state store
  std::string state_store_kind;  // GitStateStore | BucketStateStore
  std::string state_store;       // spec.stateStoreRef.name
  SourceLocation where;
};

// Parses a Destination document (kind already checked by the caller).
Result<Destination> parse_destination(const YamlDocument& document);

// Parses the older API's Cluster (seed 000) as a Destination: the same fields, spec.path defaulting to
// the name. ferry still needs spec.stateStoreRef to know where its files go.
Result<Destination> parse_cluster(const YamlDocument& document);

}  // namespace ferry::scheduler

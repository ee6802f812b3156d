// Reading an object's metadata (name, namespace, annotations, labels) from its YAML document: the one reader
// behind every kind's parser, so the paths and wording of its errors are the same for all of them.
#pragma once

#include <optional>
#include <string>

#include "core/error.h"
#include "core/labels.h"
#include "core/yaml_document.h"

namespace ferry {

struct ObjectMetadata {
  std::string name;
  std::optional<std::string> namespace_;  // as written; the caller chooses the default
  Labels annotations;
  Labels labels;
};

// What a kind reads besides metadata.name. A field not asked for is not read at all, so a kind never fails
// on a field it ignores.
struct MetadataFields {
  // true: a missing "metadata" is `missing required field "metadata"` and one that is not a map is
  // `"metadata" must be a map, found a list`; false: either reads as an empty map, so the error is
  // `missing required field "metadata.name"` (Promise and GitStateStore have always said that).
  bool metadata_required = true;
  bool namespace_ = false;
  bool annotations = false;
  bool labels = false;
};

// Reads metadata.name (required, not empty), then the asked-for fields in the order namespace, annotations,
// labels: the first error found is the one returned. Errors as core/yaml_document.h's readers word them.
Result<ObjectMetadata> read_object_metadata(const YamlDocument& document, MetadataFields fields = {});

}  // namespace ferry

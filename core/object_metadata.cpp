#include "core/object_metadata.h"

namespace ferry {

Result<ObjectMetadata> read_object_metadata(const YamlDocument& document, MetadataFields fields) {
  const std::string& file = document.file;
  YAML::Node metadata = child(document.node, "metadata");
  if (fields.metadata_required) {
    auto map = required_map(document.node, "metadata", "metadata", file);
    if (!map) return map.error();
    metadata = *map;
  }
  ObjectMetadata read;
  auto name = required_string(metadata, "name", "metadata.name", file);
  if (!name) return name.error();
  read.name = *name;
  if (fields.namespace_) {
    auto ns = optional_string(metadata, "namespace", "metadata.namespace", file);
    if (!ns) return ns.error();
    read.namespace_ = *ns;
  }
  if (fields.annotations) {
    auto annotations = optional_labels(metadata, "annotations", "metadata.annotations", file);
    if (!annotations) return annotations.error();
    read.annotations = std::move(*annotations);
  }
  if (fields.labels) {
    auto labels = optional_labels(metadata, "labels", "metadata.labels", file);
    if (!labels) return labels.error();
    read.labels = std::move(*labels);
  }
  return read;
}

}  // namespace ferry

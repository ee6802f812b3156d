#include "platform/namespace_parser.h"

#include "core/known_fields.h"
#include "core/object_metadata.h"
#include "platform/kind_fields.h"

namespace ferry::runner {

bool is_namespace_object(const std::string& api_version, const std::string& kind) {
  return api_version == "v1" && kind == "Namespace";
}

Result<NamespaceObject> parse_namespace(const YamlDocument& document) {
  const std::string& file = document.file;
  if (Status known = check_known_fields(document.node, namespace_fields(), "", file); !known)
    return known.error();
  const YAML::Node namespace_field = child(child(document.node, "metadata"), "namespace");
  if (namespace_field.IsDefined()) {
    return make_error(location_of(namespace_field, file),
                      "a Namespace is not namespaced; remove \"metadata.namespace\"");
  }
  auto metadata = read_object_metadata(document, {.labels = true});
  if (!metadata) return metadata.error();
  return NamespaceObject{metadata->name, std::move(metadata->labels), location_of(document.node, file)};
}

}  // namespace ferry::runner

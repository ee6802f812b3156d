#include "platform/location_parser.h"

#include "core/label_selector_parser.h"
#include "platform/kind_fields.h"
#include "platform/object_fields.h"

namespace ferry::runner {

Result<scheduler::Location> parse_location(const YamlDocument& document) {
  const std::string& file = document.file;
  if (Status version = check_api_version(document, "Location"); !version) return version.error();
  if (Status known = check_known_fields(document.node, scheduling_object_fields(), "", file); !known)
    return known.error();
  scheduler::Location location;
  location.where = location_of(document.node, file);
  auto metadata = required_map(document.node, "metadata", "metadata", file);
  if (!metadata) return metadata.error();
  auto name = required_string(*metadata, "name", "metadata.name", file);
  if (!name) return name.error();
  location.name = *name;
  auto labels = optional_labels(*metadata, "labels", "metadata.labels", file);
  if (!labels) return labels.error();
  location.labels = std::move(*labels);
  auto spec = required_map(document.node, "spec", "spec", file);
  if (!spec) return spec.error();
  if (Status known = known_fields_only(*spec, {"instanceSelector"}, "spec", file); !known)
    return known.error();
  auto instances = required_map(*spec, "instanceSelector", "spec.instanceSelector", file);
  if (!instances) return instances.error();
  auto selector = parse_label_selector(*instances, "spec.instanceSelector", file);
  if (!selector) return selector.error();
  location.instance_selector = std::move(*selector);
  return location;
}

}  // namespace ferry::runner

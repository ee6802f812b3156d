#include "pipeline/duration_field.h"

namespace ferry::pipeline {

Result<std::chrono::nanoseconds> parse_go_duration(const YAML::Node& node, const std::string& path,
                                                   const std::string& file) {
  if (!node.IsScalar()) {
    return make_error(location_of(node, file), "\"" + path + "\" must be a duration such as \"10m\", found " +
                                                   describe_node_type(node));
  }
  return parse_go_duration(node.Scalar(), path, location_of(node, file));
}

}  // namespace ferry::pipeline

#include "core/finite_number_field.h"

namespace ferry {

Result<double> read_finite_number(const YAML::Node& node, const std::string& path, const std::string& file,
                                  NumberSpelling spelling) {
  const std::optional<double> value =
      node.IsScalar() ? parse_finite_number(node.Scalar(), spelling) : std::nullopt;
  if (!value) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" must be a number, found " +
                          (node.IsScalar() ? "\"" + node.Scalar() + "\"" : describe_node_type(node)));
  }
  return *value;
}

}  // namespace ferry

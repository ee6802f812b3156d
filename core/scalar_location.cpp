#include "core/scalar_location.h"

#include "core/yaml_document.h"

namespace ferry {

SourceLocation scalar_text_start(const YAML::Node& scalar, const std::string& file) {
  SourceLocation where = location_of(scalar, file);
  if (scalar.Tag() == "!") ++where.column;
  return where;
}

}  // namespace ferry

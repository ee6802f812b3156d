#include "pipeline/openapi_schema.h"

#include <map>

namespace ferry::pipeline {

std::string type_name(SchemaType type) {
  static const std::map<SchemaType, std::string> names = {
      {SchemaType::any, "any"},        {SchemaType::object, "object"},   {SchemaType::array, "array"},
      {SchemaType::string, "string"},  {SchemaType::integer, "integer"}, {SchemaType::number, "number"},
      {SchemaType::boolean, "boolean"}};
  return names.at(type);
}

}  // namespace ferry::pipeline

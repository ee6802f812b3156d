#include "pipeline/openapi_schema_parser.h"

#include <functional>
#include <set>

#include "core/message_text.h"

namespace ferry::pipeline {

namespace {

using KeywordParser = std::function<Status(Schema&, const YAML::Node&, const std::string& file)>;

Error wrong_type(const YAML::Node& value, const std::string& file, const std::string& keyword,
                 const std::string& expected) {
  return make_error(location_of(value, file),
                    "\"" + keyword + "\" must be " + expected + ", found " + describe_node_type(value));
}

Result<double> number_of(const YAML::Node& value, const std::string& file, const std::string& keyword) {
  double number = 0;
  if (!value.IsScalar() || !YAML::convert<double>::decode(value, number)) {
    return wrong_type(value, file, keyword, "a number");
  }
  return number;
}

Result<long long> count_of(const YAML::Node& value, const std::string& file, const std::string& keyword) {
  long long count = 0;
  if (!value.IsScalar() || !YAML::convert<long long>::decode(value, count) || count < 0) {
    return wrong_type(value, file, keyword, "a non-negative integer");
  }
  return count;
}

Result<bool> flag_of(const YAML::Node& value, const std::string& file, const std::string& keyword) {
  bool flag = false;
  if (!value.IsScalar() || !YAML::convert<bool>::decode(value, flag))
    return wrong_type(value, file, keyword, "true or false");
  return flag;
}

Status parse_type(Schema& schema, const YAML::Node& value, const std::string& file) {
  static const std::map<std::string, SchemaType> types = {
      {"object", SchemaType::object},   {"array", SchemaType::array},   {"string", SchemaType::string},
      {"integer", SchemaType::integer}, {"number", SchemaType::number}, {"boolean", SchemaType::boolean}};
  const auto found = value.IsScalar() ? types.find(value.Scalar()) : types.end();
  if (found == types.end()) {
    return make_error(location_of(value, file),
                      "\"type\" must be one of object, array, string, integer, number, boolean; found " +
                          (value.IsScalar() ? "\"" + value.Scalar() + "\"" : describe_node_type(value)));
  }
  schema.type = found->second;
  return ok();
}

Status parse_properties(Schema& schema, const YAML::Node& value, const std::string& file) {
  if (!value.IsMap()) return wrong_type(value, file, "properties", "a map");
  for (const auto& entry : value) {
    auto property = parse_schema(entry.second, file);
    if (!property) return property.error();
    schema.properties.emplace(entry.first.Scalar(), std::move(*property));
  }
  return ok();
}

Status parse_required(Schema& schema, const YAML::Node& value, const std::string& file) {
  if (!value.IsSequence()) return wrong_type(value, file, "required", "a list of field names");
  for (const auto& name : value) {
    if (!name.IsScalar()) return wrong_type(name, file, "required", "a list of field names");
    schema.required.push_back(name.Scalar());
  }
  return ok();
}

Status parse_items(Schema& schema, const YAML::Node& value, const std::string& file) {
  auto items = parse_schema(value, file);
  if (!items) return items.error();
  schema.items = std::make_shared<const Schema>(std::move(*items));
  return ok();
}

Status parse_additional_properties(Schema& schema, const YAML::Node& value, const std::string& file) {
  if (value.IsScalar()) {
    auto allowed = flag_of(value, file, "additionalProperties");
    if (!allowed) return allowed.error();
    schema.preserve_unknown_fields = schema.preserve_unknown_fields || *allowed;
    return ok();
  }
  auto extra = parse_schema(value, file);
  if (!extra) return extra.error();
  schema.additional_properties = std::make_shared<const Schema>(std::move(*extra));
  return ok();
}

Status parse_enum(Schema& schema, const YAML::Node& value, const std::string& file) {
  if (!value.IsSequence()) return wrong_type(value, file, "enum", "a list of values");
  for (const auto& option : value) {
    if (!option.IsScalar()) return wrong_type(option, file, "enum", "a list of scalar values");
    schema.enum_values.push_back(option.Scalar());
  }
  return ok();
}

Status parse_pattern(Schema& schema, const YAML::Node& value, const std::string& file) {
  if (!value.IsScalar()) return wrong_type(value, file, "pattern", "a regular expression");
  schema.pattern = value.Scalar();
  return ok();
}

// Keywords with one numeric, count or flag value: which member each sets.
template <class T, class Member>
KeywordParser into(Result<T> (*read)(const YAML::Node&, const std::string&, const std::string&),
                   std::string keyword, Member member) {
  return [read, keyword, member](Schema& schema, const YAML::Node& value, const std::string& file) -> Status {
    auto parsed = read(value, file, keyword);
    if (!parsed) return parsed.error();
    schema.*member = *parsed;
    return ok();
  };
}

Status parse_default(Schema& schema, const YAML::Node& value, const std::string&) {
  schema.default_yaml = to_yaml_text(value);
  return ok();
}

const std::map<std::string, KeywordParser>& keyword_parsers() {
  static const std::map<std::string, KeywordParser> parsers = {
      {"type", parse_type},
      {"properties", parse_properties},
      {"required", parse_required},
      {"items", parse_items},
      {"additionalProperties", parse_additional_properties},
      {"enum", parse_enum},
      {"pattern", parse_pattern},
      {"default", parse_default},
      {"minimum", into(number_of, "minimum", &Schema::minimum)},
      {"maximum", into(number_of, "maximum", &Schema::maximum)},
      {"exclusiveMinimum", into(flag_of, "exclusiveMinimum", &Schema::exclusive_minimum)},
      {"exclusiveMaximum", into(flag_of, "exclusiveMaximum", &Schema::exclusive_maximum)},
      {"minLength", into(count_of, "minLength", &Schema::min_length)},
      {"maxLength", into(count_of, "maxLength", &Schema::max_length)},
      {"minItems", into(count_of, "minItems", &Schema::min_items)},
      {"maxItems", into(count_of, "maxItems", &Schema::max_items)},
      {"nullable", into(flag_of, "nullable", &Schema::nullable)},
      {"x-kubernetes-preserve-unknown-fields",
       into(flag_of, "x-kubernetes-preserve-unknown-fields", &Schema::preserve_unknown_fields)},
  };
  return parsers;
}

// Valid in a Kubernetes structural schema but not checked by ferry (documented in docs/validate.md).
const std::set<std::string>& unchecked_keywords() {
  static const std::set<std::string> keywords = {"description",
                                                 "title",
                                                 "format",
                                                 "example",
                                                 "externalDocs",
                                                 "oneOf",
                                                 "anyOf",
                                                 "allOf",
                                                 "not",
                                                 "uniqueItems",
                                                 "multipleOf",
                                                 "minProperties",
                                                 "maxProperties",
                                                 "x-kubernetes-int-or-string",
                                                 "x-kubernetes-embedded-resource",
                                                 "x-kubernetes-list-type",
                                                 "x-kubernetes-list-map-keys",
                                                 "x-kubernetes-map-type",
                                                 "x-kubernetes-validations",
                                                 "$schema",
                                                 "id",
                                                 "$ref",
                                                 "definitions"};
  return keywords;
}

}  // namespace

Result<Schema> parse_schema(const YAML::Node& node, const std::string& file) {
  if (!node.IsMap())
    return make_error(location_of(node, file), "a schema must be a map, found " + describe_node_type(node));
  Schema schema;
  for (const auto& entry : node) {
    const std::string keyword = entry.first.Scalar();
    const auto parser = keyword_parsers().find(keyword);
    if (parser != keyword_parsers().end()) {
      if (Status parsed = parser->second(schema, entry.second, file); !parsed) return parsed.error();
    }  // any other keyword is dropped, as Kubernetes drops it; dropped_schema_keywords names them
  }
  return schema;
}

std::vector<Error> dropped_schema_keywords(const YAML::Node& node, const std::string& file) {
  std::vector<Error> dropped;
  if (!node.IsMap()) return dropped;
  const auto below = [&](const YAML::Node& schema) {
    std::vector<Error> found = dropped_schema_keywords(schema, file);
    dropped.insert(dropped.end(), found.begin(), found.end());
  };
  for (const auto& entry : node) {
    const std::string keyword = entry.first.Scalar();
    if (keyword == "properties" && entry.second.IsMap()) {
      for (const auto& property : entry.second) below(property.second);
    } else if (keyword == "items" || keyword == "additionalProperties") {
      below(entry.second);
    } else if (!keyword_parsers().contains(keyword) && !unchecked_keywords().contains(keyword)) {
      dropped.push_back(make_error(location_of(entry.first, file),
                                   "schema keyword " + quoted_value(keyword) +
                                       " is not an openAPIV3Schema keyword: dropped, as Kratix's API "
                                       "server drops it, so it checks nothing (a string's regular "
                                       "expression is \"pattern\")"));
    }
  }
  return dropped;
}

}  // namespace ferry::pipeline

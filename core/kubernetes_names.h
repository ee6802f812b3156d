// The Kubernetes rules for names, namespaces and labels, in one place (apimachinery's
// pkg/util/validation: IsDNS1123Subdomain, IsDNS1123Label, IsQualifiedName, IsValidLabelValue). The API
// server refuses an object that breaks them, so ferry does too, at the offending value's file:line:column.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "core/yaml_document.h"

namespace ferry {

enum class NameRule {
  // Most objects, custom resources included (Promises, Destinations, GitStateStores, Secrets): an RFC 1123
  // subdomain, at most 253 lower-case letters, digits, '-' and '.', each part between dots starting and
  // ending with a letter or digit.
  object_name,
  // A resource request: an object name of at most 63 characters, as Kratix puts maxLength 63 on
  // metadata.name in every Promise's API (ensureMetadataSchema).
  request_name,
  // A namespace: an RFC 1123 label, at most 63 lower-case letters, digits and '-', starting and ending with
  // a letter or digit.
  namespace_name,
  // A Pipeline's metadata.name in a Promise's workflows: an object name of at most 63 characters, as Kratix
  // puts it in a Job's name and in the value of the kratix.io/pipeline-name label.
  pipeline_name,
  // A label key: an optional prefix (an object name) and '/', then a name of at most 63 letters, digits,
  // '-', '_' and '.', starting and ending with a letter or digit.
  label_key,
  // A label value: empty, or like a label key's name.
  label_value,
};

// What is wrong with `text` under `rule` ("it contains 'C'", "its prefix starts with '-'"), or nullopt
// when it follows the rule.
std::optional<std::string> name_problem(std::string_view text, NameRule rule);

// The whole message for a value of `path` that breaks `rule`, for example
//   "metadata.name" "Cache" is not a valid request name: it contains 'C'; use at most 63 lower-case ...
// (the value is quoted with a bounded length). `what` is how the value is named: "\"metadata.name\"".
std::string name_message(const std::string& what, std::string_view text, NameRule rule,
                         const std::string& problem);

// Checks a scalar `node` (the value of `path`) against `rule`, located at the node. Anything that is not a
// scalar passes: the field's reader reports its type.
Status check_name(const YAML::Node& node, NameRule rule, const std::string& path, const std::string& file);

// Checks every key and value of a labels map (metadata.labels, matchLabels) named `path`; keys are
// located at the key, values at the value. A node that is not a map passes.
Status check_labels(const YAML::Node& map, const std::string& path, const std::string& file);

// Checks the key and the values of every entry of a matchExpressions list named `path`.
Status check_label_expressions(const YAML::Node& list, const std::string& path, const std::string& file);

}  // namespace ferry

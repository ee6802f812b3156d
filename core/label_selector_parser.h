// Reading Kubernetes label selectors (core/label_selector.h) from YAML: matchLabels and matchExpressions,
// with every error located at its own node.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/label_selector.h"
#include "core/yaml_document.h"

namespace ferry {

// Reads `map[key]` as a matchExpressions list; absent or null means none. `path` names the list in
// messages ("spec.destinationSelectors[0].matchExpressions"). Unknown keys in an entry, unknown
// operators and values that contradict the operator are refused at their own node.
Result<std::vector<LabelExpression>> optional_label_expressions(const YAML::Node& map, const char* key,
                                                                const std::string& path,
                                                                const std::string& file);

// Reads a selector map {matchLabels, matchExpressions}; `path` is the map's dotted name. Keys other than
// these two are refused unless listed in `other_keys` (the caller reads those, e.g. "directory"). Label keys
// and values must follow the Kubernetes rules (core/kubernetes_names.h), as the API server requires of a
// LabelSelector; a bad one is refused at its node.
Result<LabelSelector> parse_label_selector(const YAML::Node& node, const std::string& path,
                                           const std::string& file,
                                           const std::vector<std::string>& other_keys = {});

}  // namespace ferry

// Checks of loaded documents: the metadata rules of Kubernetes on each object, and the cross-document
// checks after loading (duplicate names, references to undeclared objects).
#pragma once

#include <vector>

#include "core/error.h"
#include "core/kubernetes_names.h"
#include "core/yaml_document.h"
#include "platform/platform.h"

namespace ferry::runner {

// What the API server checks on every object's metadata: metadata.name under `name_rule`,
// metadata.namespace (a namespace) and the keys and values of metadata.labels. Appends one error per bad
// field, located at its value; values of the wrong type are left to the object's parser.
void check_metadata(const YamlDocument& document, NameRule name_rule, std::vector<Error>& errors);

// Appends one error per problem to `errors`, located at the offending document.
void check_references(const Platform& platform, std::vector<Error>& errors);

}  // namespace ferry::runner

// Kratix's ResourceBinding (platform.kratix.io/v1alpha1, kratix-newer.md §3.2) read from the platform: the
// Promise version one request runs with. Its fields are checked against the table below (Kratix's
// api/v1alpha1/resourcebinding_types.go); the request it pins is found by its labels, as Kratix finds it,
// whatever its name, so a binding written before its request is adopted (attach_bindings).
#pragma once

#include <vector>

#include "core/error.h"
#include "core/known_fields.h"
#include "core/yaml_document.h"
#include "platform/platform.h"

namespace ferry::runner {

// apiVersion, kind, metadata, spec {version, promiseRef {name}, resourceRef {name, namespace}} and status
// (Kratix's controller writes it; ferry keeps the upgrade state in its records and ignores it).
const FieldTable& resource_binding_fields();

// One ResourceBinding document. The labels kratix.io/promise-name and kratix.io/resource-name are required:
// Kratix matches a binding by them alone.
Result<ResourceBinding> parse_resource_binding(const YamlDocument& document);

// Sets each binding on the request its labels name (same Promise and namespace; the name as its
// kratix.io/resource-name label holds it, shortened when over 63 characters: binding_names.h). A second
// binding of one request is an error at the second, as Kratix refuses more than one match. A binding whose
// request is not in the platform waits for it (adopted when the request is added).
void attach_bindings(Platform& platform, std::vector<Error>& errors);

}  // namespace ferry::runner

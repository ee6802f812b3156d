// Krake's custom-resources constraint (seed 003, "Custom resources"): a Destination declares the Custom
// Resource Definitions it serves, by CRD name "<plural>.<group>" (the annotation below, a comma-separated
// list); a PlacementPolicy's predicates.customResources names the CRDs its requests need, and a Destination
// that does not serve every one of them takes none of its requests.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace ferry::scheduler {

// "certificates.cert-manager.io, issuers.cert-manager.io" on a Destination (Kratix keeps unknown
// annotations, so the object stays valid; seed 003's `rok ... --custom-resource <plural>.<group>`).
inline constexpr const char* kCustomResourcesAnnotation = "scheduling.ferry.dev/custom-resources";

// "" when `name` is a CRD name as Kubernetes spells one: <plural>.<group>, lower-case letters, digits, '-'
// and '.', with at least one '.' and no empty part; else what is wrong, for a message.
std::string crd_name_problem(std::string_view name);

// The annotation's text: names separated by commas (spaces around them ignored), each a CRD name and listed
// once. `where` is the text's first character; an error points at the offending name.
Result<std::vector<std::string>> parse_custom_resources(const std::string& text, const SourceLocation& where);

}  // namespace ferry::scheduler

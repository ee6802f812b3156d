// Kubernetes `v1 Namespace` objects in the platform: the source of a namespace's labels, which a
// PlacementPolicy's namespaceSelector selects (KCP's Placement, seed 004; docs/scheduling.md). Only
// metadata.labels is read; a namespace no object declares has no labels.
#pragma once

#include "core/error.h"
#include "core/yaml_document.h"
#include "platform/platform.h"

namespace ferry::runner {

// True for the one Kubernetes kind the loader reads rather than skips: apiVersion v1, kind Namespace.
bool is_namespace_object(const std::string& api_version, const std::string& kind);

// Parses a Namespace document: its fields are checked against Kubernetes' Namespace (metadata,
// spec.finalizers, status), its name against the namespace rule (metadata.namespace is refused: a Namespace
// is not namespaced). Errors at the offending node.
Result<NamespaceObject> parse_namespace(const YamlDocument& document);

}  // namespace ferry::runner

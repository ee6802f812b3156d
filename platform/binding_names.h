// The names and labels Kratix gives a request's ResourceBinding (kratix-newer.md §3.2; Kratix's
// lib/objectutil/name.go and internal/controller/dynamic_resource_request_controller.go), each at most 63
// characters as Kubernetes requires: the name of the binding Kratix creates for a request, the value of its
// kratix.io/resource-name label (how a binding is matched to its request), and its labels, which follow the
// request's own (Kratix's system test, steps 4-6; docs/lifecycle.md).
#pragma once

#include <string>

#include "core/labels.h"
#include "pipeline/model.h"

namespace ferry::runner {

inline constexpr const char* kPromiseNameLabel = "kratix.io/promise-name";
inline constexpr const char* kResourceNameLabel = "kratix.io/resource-name";
inline constexpr std::size_t kLabelValueMaxLength = 63;  // Kubernetes' limit

// Kratix's GenerateDeterministicObjectName(name): `name` cut to its first 56 characters when longer than 57,
// then without the characters that are not letters or digits at its end, then "-" and the first 5 hex digits
// of md5(name) (of the whole name): at most 62 characters.
std::string deterministic_object_name(const std::string& name);

// The value of kratix.io/resource-name for request `request_name`: the name itself, or
// deterministic_object_name(name) when it is longer than a label value may be (63 characters).
std::string resource_name_label_value(const std::string& request_name);

// A request's binding as Kratix keeps it.
struct BindingIdentity {
  std::string name;
  Labels labels;
};

// The binding of `request`: the declared one's name (Request::binding), else the name Kratix gives the one
// it creates, deterministic_object_name("<request>-<promise>"); its labels: the request's own
// (metadata.labels of object_yaml) without kratix.io/manual-reconciliation and
// internal.workflows.kratix.io/run-from-start, with the two key labels, and kratix.io/manual-reconciliation
// "true" when the declared binding carries it (Kratix keeps it there until the retry).
BindingIdentity binding_identity(const pipeline::Request& request);

}  // namespace ferry::runner

// An object's recorded status (YAML text, run/object_status.h) as JSON, for the reports and
// `ferry status --output json`: scalars typed as Kubernetes would decode them (pipeline/spec_json.h),
// map keys sorted.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ferry::runner {

// The status as a JSON value; empty or unreadable text is null.
nlohmann::ordered_json status_json(const std::string& status_yaml);

// Its conditions at a glance, in their order: "Type Status (Reason), ...", e.g.
// "ConfigureWorkflowCompleted True (PipelinesExecutedSuccessfully), Reconciled True (Reconciled)"; ""
// without conditions. Untrusted text: escape it for where it is shown.
std::string conditions_summary(const nlohmann::ordered_json& status);

// Its health at a glance (status.healthStatus, run/health_rollup.h): "unhealthy (default/db-probe
// unhealthy, default/web-probe healthy)"; "" without healthStatus. Untrusted text: escape it for where it is
// shown.
std::string health_summary(const nlohmann::ordered_json& status);

}  // namespace ferry::runner

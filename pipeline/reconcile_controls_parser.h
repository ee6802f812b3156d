// Reads the ReconcileControls of model.h from a Promise or request document: the steering labels
// kratix.io/paused, kratix.io/manual-reconciliation and kratix.io/reconcile-resources, and on a Promise the
// annotation kratix.io/reconciliation-interval and spec.workflows.config (pipelineNamespace,
// reconciliationInterval).
#pragma once

#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/model.h"

namespace ferry::pipeline {

inline constexpr const char* kPausedLabel = "kratix.io/paused";
inline constexpr const char* kManualReconciliationLabel = "kratix.io/manual-reconciliation";
inline constexpr const char* kReconcileResourcesLabel = "kratix.io/reconcile-resources";
inline constexpr const char* kReconciliationIntervalAnnotation = "kratix.io/reconciliation-interval";

// `object` is the whole document. A label counts only when its value is the string "true" (Kratix compares
// it so); another value is no error. A Promise's interval, from the annotation or from
// spec.workflows.config.reconciliationInterval (the annotation wins, as in Kratix's ReconciliationInterval),
// must be a Go duration of at least 1m, else an error at the value:
//   kratix.io/reconciliation-interval must be at least 1m (Kratix's webhook refuses less), found "30s"
// A pipelineNamespace must be a Kubernetes namespace name. A request reads the labels only.
Result<ReconcileControls> read_reconcile_controls(const YAML::Node& object, bool promise,
                                                  const std::string& file);

}  // namespace ferry::pipeline

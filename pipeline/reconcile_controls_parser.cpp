// A Promise's or request's steering labels, interval annotation and spec.workflows.config
// (reconcile_controls_parser.h), read as Kratix reads them (kratix-newer reference §7).
#include "pipeline/reconcile_controls_parser.h"

#include "core/kubernetes_names.h"
#include "core/message_text.h"
#include "pipeline/duration_field.h"

namespace ferry::pipeline {
namespace {

// Kratix's webhook minimum for both ways of giving an interval.
constexpr std::chrono::seconds kMinimumInterval{60};

// Whether metadata.labels[key] is the string "true"; anything else (absent, "false", not a string) is not.
bool label_is_true(const YAML::Node& object, const char* key) {
  const YAML::Node value = child(child(child(object, "metadata"), "labels"), key);
  return value.IsScalar() && value.Scalar() == "true";
}

// An interval at `node` (named `path`), checked against Kratix's minimum; none when the node is absent.
Result<std::optional<std::chrono::seconds>> read_interval(const YAML::Node& node, const std::string& path,
                                                          const std::string& file) {
  if (!node.IsDefined() || node.IsNull()) return std::optional<std::chrono::seconds>{};
  auto parsed = parse_go_duration(node, path, file);
  if (!parsed) return parsed.error();
  if (*parsed < kMinimumInterval) {
    return make_error(
        location_of(node, file),
        path + " must be at least 1m (Kratix's webhook refuses less), found " + quoted_value(node.Scalar()));
  }
  return std::optional<std::chrono::seconds>(std::chrono::duration_cast<std::chrono::seconds>(*parsed));
}

// spec.workflows.config: pipelineNamespace and reconciliationInterval, the only keys Kratix has.
Status read_workflows_config(const YAML::Node& object, const std::string& file, ReconcileControls& controls) {
  const YAML::Node config = child(child(child(object, "spec"), "workflows"), "config");
  if (!config.IsDefined() || config.IsNull()) return ok();
  if (!config.IsMap()) {
    return make_error(location_of(config, file),
                      "\"spec.workflows.config\" must be a map, found " + describe_node_type(config));
  }
  auto pipeline_namespace =
      optional_string(config, "pipelineNamespace", "spec.workflows.config.pipelineNamespace", file);
  if (!pipeline_namespace) return pipeline_namespace.error();
  if (Status valid = check_name(child(config, "pipelineNamespace"), NameRule::namespace_name,
                                "spec.workflows.config.pipelineNamespace", file);
      !valid)
    return valid;
  controls.pipeline_namespace = pipeline_namespace->value_or("");
  auto interval = read_interval(child(config, "reconciliationInterval"),
                                "spec.workflows.config.reconciliationInterval", file);
  if (!interval) return interval.error();
  controls.reconciliation_interval = *interval;
  return ok();
}

}  // namespace

Result<ReconcileControls> read_reconcile_controls(const YAML::Node& object, bool promise,
                                                  const std::string& file) {
  ReconcileControls controls;
  controls.paused = label_is_true(object, kPausedLabel);
  controls.manual_reconciliation = label_is_true(object, kManualReconciliationLabel);
  if (!promise) return controls;
  controls.reconcile_resources = label_is_true(object, kReconcileResourcesLabel);
  if (Status config = read_workflows_config(object, file, controls); !config) return config.error();
  auto annotated =
      read_interval(child(child(child(object, "metadata"), "annotations"), kReconciliationIntervalAnnotation),
                    kReconciliationIntervalAnnotation, file);
  if (!annotated) return annotated.error();
  if (*annotated) controls.reconciliation_interval = *annotated;
  return controls;
}

}  // namespace ferry::pipeline

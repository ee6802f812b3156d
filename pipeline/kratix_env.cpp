// The KRATIX_* variables every workflow container gets (reference §2.3), in Kratix's order.
#include "pipeline/kratix_env.h"

namespace ferry::pipeline {

// Values come from `object` as the caller filled it; for promise workflows the caller sets kind
// "Promise", group "platform.kratix.io", version "v1alpha1", plural "promises" and an empty namespace.
// KRATIX_CLUSTER_SCOPED is "true" exactly for promise workflows. KRATIX_DRY_RUN=true comes last, and only
// for a dry run (`ferry plan`), as Kratix's defaultEnvVars appends it (api/v1alpha1/pipeline_factory.go).
std::vector<runtime::EnvVar> kratix_env(const WorkflowObject& object, const std::string& pipeline_name) {
  std::vector<runtime::EnvVar> env = {
      {"KRATIX_WORKFLOW_ACTION", object.action},
      {"KRATIX_WORKFLOW_TYPE", object.workflow_type},
      {"KRATIX_PROMISE_NAME", object.promise_name},
      {"KRATIX_PIPELINE_NAME", pipeline_name},
      {"KRATIX_OBJECT_KIND", object.kind},
      {"KRATIX_OBJECT_GROUP", object.group},
      {"KRATIX_OBJECT_VERSION", object.version},
      {"KRATIX_OBJECT_NAME", object.name},
      {"KRATIX_OBJECT_NAMESPACE", object.namespace_},
      {"KRATIX_CRD_PLURAL", object.plural},
      {"KRATIX_CLUSTER_SCOPED", object.workflow_type == "promise" ? "true" : "false"},
  };
  if (object.dry_run) env.push_back({"KRATIX_DRY_RUN", "true"});
  return env;
}

}  // namespace ferry::pipeline

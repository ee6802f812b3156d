#include "pipeline/pipeline_fields.h"

namespace ferry::pipeline {
namespace {

// corev1.SecretKeySelector / ConfigMapKeySelector.
const FieldTable& key_selector_fields() {
  static const FieldTable table{{{"name"}, {"key"}, {"optional"}}};
  return table;
}

// corev1.EnvVarSource: fieldRef and resourceFieldRef are known, and value_from_parser.h refuses them with
// its own reason.
const FieldTable& env_source_fields() {
  static const FieldTable table{{{"secretKeyRef", &key_selector_fields()},
                                 {"configMapKeyRef", &key_selector_fields()},
                                 {"fieldRef"},
                                 {"resourceFieldRef"}}};
  return table;
}

const FieldTable& env_fields() {
  static const FieldTable table{{{"name"}, {"value"}, {"valueFrom", &env_source_fields()}}};
  return table;
}

// jobOptions: backoffLimit is its only option (job_fields_parser.h).
const FieldTable& job_options_fields() {
  static const FieldTable table{{{"backoffLimit"}}};
  return table;
}

// One rule of rbac.permissions, as Kratix's PipelineRBACPermission (kept for the platform API).
const FieldTable& rbac_permission_fields() {
  static const FieldTable table{
      {{"resourceNamespace"}, {"apiGroups"}, {"resources"}, {"resourceNames"}, {"verbs"}}};
  return table;
}

const FieldTable& rbac_fields() {
  static const FieldTable table{{{"serviceAccount"}, list_of("permissions", &rbac_permission_fields())}};
  return table;
}

const FieldTable& name_only_fields() {
  static const FieldTable table{{{"name"}}};
  return table;
}

// volumes, volumeMounts and envFrom: their parsers (volume_parser.h, container_mounts_parser.h) check
// their fields with the reasons of what ferry refuses, so the tables stop at the field itself.
const FieldTable& pipeline_spec_fields() {
  static const FieldTable table{{list_of("containers", &container_fields()),
                                 {"volumes"},
                                 list_of("imagePullSecrets", &name_only_fields()),
                                 {"jobOptions", &job_options_fields()},
                                 {"rbac", &rbac_fields()},
                                 {"nodeSelector"},
                                 {"tolerations"},
                                 {"restartPolicy"}}};
  return table;
}

const FieldTable& resources_fields() {
  static const FieldTable table{{{"limits"}, {"requests"}, {"claims"}}};
  return table;
}

const FieldTable& capabilities_fields() {
  static const FieldTable table{{{"add"}, {"drop"}}};
  return table;
}

// corev1.SecurityContext: the last five are known and refused with their reason by
// security_context_parser.h.
const FieldTable& security_context_fields() {
  static const FieldTable table{{{"runAsUser"},
                                 {"runAsGroup"},
                                 {"runAsNonRoot"},
                                 {"readOnlyRootFilesystem"},
                                 {"allowPrivilegeEscalation"},
                                 {"privileged"},
                                 {"capabilities", &capabilities_fields()},
                                 {"seccompProfile"},
                                 {"appArmorProfile"},
                                 {"seLinuxOptions"},
                                 {"procMount"},
                                 {"windowsOptions"}}};
  return table;
}

}  // namespace

const FieldTable& container_fields() {
  static const FieldTable table{{{"name"},
                                 {"image"},
                                 {"command"},
                                 {"args"},
                                 list_of("env", &env_fields()),
                                 {"envFrom"},
                                 {"volumeMounts"},
                                 {"imagePullPolicy"},
                                 {"securityContext", &security_context_fields()},
                                 {"resources", &resources_fields()}}};
  return table;
}

const FieldTable& pipeline_fields() {
  static const FieldTable table{
      {{"apiVersion"}, {"kind"}, {"metadata", &object_meta_fields()}, {"spec", &pipeline_spec_fields()}}};
  return table;
}

}  // namespace ferry::pipeline

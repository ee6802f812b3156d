#include "pipeline/pipeline_fields.h"

#include "pipeline/volume_fields.h"

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

// corev1.KeyToPath: one of a secret or config map volume's items.
const FieldTable& key_to_path_fields() {
  static const FieldTable table{{{"key"}, {"path"}, {"mode"}}};
  return table;
}

const FieldTable& secret_volume_fields() {
  static const FieldTable table{
      {{"secretName"}, list_of("items", &key_to_path_fields()), {"defaultMode"}, {"optional"}}};
  return table;
}

const FieldTable& config_map_volume_fields() {
  static const FieldTable table{
      {{"name"}, list_of("items", &key_to_path_fields()), {"defaultMode"}, {"optional"}}};
  return table;
}

// sizeLimit is known and refused with its reason by volume_parser.h.
const FieldTable& empty_dir_fields() {
  static const FieldTable table{{{"medium"}, {"sizeLimit"}}};
  return table;
}

// corev1.Volume: its name and its kind. The kinds that need a cluster (volume_fields.h) are known, and
// refused with their reason by volume_parser.h; their values are not checked.
const FieldTable& volume_fields() {
  static const FieldTable table = [] {
    FieldTable kinds{{{"name"},
                      {"secret", &secret_volume_fields()},
                      {"configMap", &config_map_volume_fields()},
                      {"emptyDir", &empty_dir_fields()}}};
    for (const std::string& kind : cluster_volume_kinds()) kinds.fields.push_back({kind.c_str()});
    return kinds;
  }();
  return table;
}

// corev1.VolumeMount: the last three are known and refused with their reason by
// container_mounts_parser.h.
const FieldTable& volume_mount_fields() {
  static const FieldTable table{{{"name"},
                                 {"mountPath"},
                                 {"subPath"},
                                 {"readOnly"},
                                 {"subPathExpr"},
                                 {"mountPropagation"},
                                 {"recursiveReadOnly"}}};
  return table;
}

// corev1.SecretEnvSource / ConfigMapEnvSource.
const FieldTable& env_ref_fields() {
  static const FieldTable table{{{"name"}, {"optional"}}};
  return table;
}

// corev1.EnvFromSource.
const FieldTable& env_from_fields() {
  static const FieldTable table{
      {{"prefix"}, {"secretRef", &env_ref_fields()}, {"configMapRef", &env_ref_fields()}}};
  return table;
}

const FieldTable& pipeline_spec_fields() {
  static const FieldTable table{{list_of("containers", &container_fields()),
                                 list_of("volumes", &volume_fields()),
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
                                 list_of("envFrom", &env_from_fields()),
                                 list_of("volumeMounts", &volume_mount_fields()),
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

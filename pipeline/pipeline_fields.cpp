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

// jobOptions: backoffLimit is its only option.
const FieldTable& job_options_fields() {
  static const FieldTable table{{{"backoffLimit", nullptr, true}}};
  return table;
}

const FieldTable& rbac_fields() {
  static const FieldTable table{{{"serviceAccount", nullptr, true}, {"permissions", nullptr, true}}};
  return table;
}

const FieldTable& pipeline_spec_fields() {
  static const FieldTable table{{list_of("containers", &container_fields()),
                                 {"volumes", nullptr, true},
                                 {"imagePullSecrets", nullptr, true},
                                 {"jobOptions", &job_options_fields()},
                                 {"rbac", &rbac_fields()},
                                 {"nodeSelector", nullptr, true},
                                 {"tolerations", nullptr, true},
                                 {"restartPolicy", nullptr, true}}};
  return table;
}

}  // namespace

const FieldTable& container_fields() {
  static const FieldTable table{{{"name"},
                                 {"image"},
                                 {"command"},
                                 {"args"},
                                 list_of("env", &env_fields()),
                                 {"envFrom", nullptr, true},
                                 {"volumeMounts", nullptr, true},
                                 {"imagePullPolicy"},
                                 {"securityContext", nullptr, true},
                                 {"resources", nullptr, true}}};
  return table;
}

const FieldTable& pipeline_fields() {
  static const FieldTable table{
      {{"apiVersion"}, {"kind"}, {"metadata", &object_meta_fields()}, {"spec", &pipeline_spec_fields()}}};
  return table;
}

}  // namespace ferry::pipeline

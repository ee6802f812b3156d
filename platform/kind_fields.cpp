#include "platform/kind_fields.h"

namespace ferry::runner {
namespace {

// The fields every object has beside its spec; `spec` checked with `spec_table` when given.
FieldTable object_with_spec(const FieldTable* spec_table) {
  return FieldTable{
      {{"apiVersion"}, {"kind"}, {"metadata", &object_meta_fields()}, {"spec", spec_table}, {"status"}}};
}

const FieldTable& state_store_ref_fields() {
  static const FieldTable table{{{"kind"}, {"name"}}};
  return table;
}

const FieldTable& filepath_fields() {
  static const FieldTable table{{{"mode"}, {"filename"}}};
  return table;
}

const FieldTable& init_workloads_fields() {
  static const FieldTable table{{{"enabled"}}};
  return table;
}

// DestinationSpec. cleanup (removing what was written when the Destination goes) is not honoured yet.
const FieldTable& destination_spec_fields() {
  static const FieldTable table{{{"path"},
                                 {"stateStoreRef", &state_store_ref_fields()},
                                 {"strictMatchLabels"},
                                 {"filepath", &filepath_fields()},
                                 {"cleanup"},
                                 {"initWorkloads", &init_workloads_fields()}}};
  return table;
}

const FieldTable& secret_ref_fields() {
  static const FieldTable table{{{"name"}, {"namespace"}}};
  return table;
}

const FieldTable& git_author_fields() {
  static const FieldTable table{{{"name"}, {"email"}}};
  return table;
}

// GitStateStoreSpec with StateStoreCoreFields (path, secretRef) inlined.
const FieldTable& git_state_store_spec_fields() {
  static const FieldTable table{{{"url"},
                                 {"path"},
                                 {"secretRef", &secret_ref_fields()},
                                 {"branch"},
                                 {"authMethod"},
                                 {"gitAuthor", &git_author_fields()}}};
  return table;
}

const FieldTable& metric_provider_ref_fields() {
  static const FieldTable table{{{"name"}, {"metric"}}};
  return table;
}

const FieldTable& metric_spec_fields() {
  static const FieldTable table{{{"min"}, {"max"}, {"provider", &metric_provider_ref_fields()}}};
  return table;
}

const FieldTable& provider_file_fields() {
  static const FieldTable table{{{"path"}}};
  return table;
}

const FieldTable& provider_prometheus_fields() {
  static const FieldTable table{{{"url"}}};
  return table;
}

// spec.static.metrics is a map of metric names, any names.
const FieldTable& provider_static_fields() {
  static const FieldTable table{{{"metrics"}}};
  return table;
}

const FieldTable& metrics_provider_spec_fields() {
  static const FieldTable table{{{"type"},
                                 {"file", &provider_file_fields()},
                                 {"prometheus", &provider_prometheus_fields()},
                                 {"static", &provider_static_fields()}}};
  return table;
}

// NamespaceSpec: finalizers only.
const FieldTable& namespace_spec_fields() {
  static const FieldTable table{{{"finalizers"}}};
  return table;
}

}  // namespace

const FieldTable& destination_fields() {
  static const FieldTable table = object_with_spec(&destination_spec_fields());
  return table;
}

const FieldTable& git_state_store_fields() {
  static const FieldTable table = object_with_spec(&git_state_store_spec_fields());
  return table;
}

// PromiseReleaseSpec: version and sourceRef {type, url, secretRef} (Kratix's promiserelease_types.go).
const FieldTable& promise_release_fields() {
  static const FieldTable source_ref{{{"type"}, {"url"}, {"secretRef", &secret_ref_fields()}}};
  static const FieldTable spec{{{"version"}, {"sourceRef", &source_ref}}};
  static const FieldTable table = object_with_spec(&spec);
  return table;
}

const FieldTable& metric_fields() {
  static const FieldTable table = object_with_spec(&metric_spec_fields());
  return table;
}

const FieldTable& metrics_provider_fields() {
  static const FieldTable table = object_with_spec(&metrics_provider_spec_fields());
  return table;
}

const FieldTable& namespace_fields() {
  static const FieldTable table = object_with_spec(&namespace_spec_fields());
  return table;
}

const FieldTable& scheduling_object_fields() {
  static const FieldTable table = object_with_spec(nullptr);
  return table;
}

}  // namespace ferry::runner

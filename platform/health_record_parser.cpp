#include "platform/health_record_parser.h"

#include <charconv>

#include "core/message_text.h"
#include "core/object_metadata.h"

namespace ferry::runner {
namespace {

constexpr const char* kApiVersion = "platform.kratix.io/v1alpha1";

const FieldTable& promise_ref_fields() {
  static const FieldTable table{{{"name"}}};
  return table;
}

const FieldTable& resource_ref_fields() {
  static const FieldTable table{{{"name"}, {"namespace"}, {"generation"}}};
  return table;
}

// HealthRecordData (api/v1alpha1/healthrecord_types.go).
const FieldTable& data_fields() {
  static const FieldTable table{{{"promiseRef", &promise_ref_fields()},
                                 {"resourceRef", &resource_ref_fields()},
                                 {"state"},
                                 {"lastRun"},
                                 {"details"}}};
  return table;
}

// An int64 field (the CRD's `type: integer`): a plain decimal scalar; nullopt when absent.
Result<std::optional<std::int64_t>> optional_integer(const YAML::Node& map, const char* key,
                                                     const std::string& path, const std::string& file) {
  const YAML::Node node = child(map, key);
  if (!node.IsDefined() || node.IsNull()) return std::optional<std::int64_t>{};
  const std::string text = node.IsScalar() && node.Tag() != "!" ? node.Scalar() : "";
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    const std::string found = node.IsScalar() ? quoted_value(node.Scalar()) : describe_node_type(node);
    return make_error(location_of(node, file), "\"" + path + "\" must be an integer, found " + found);
  }
  return std::optional<std::int64_t>(value);
}

// data.state: the CRD's enum, "unknown" when absent (its default).
Result<pipeline::HealthState> read_state(const YAML::Node& data, const std::string& file) {
  auto state = optional_string(data, "state", "data.state", file);
  if (!state) return state.error();
  if (!*state) return pipeline::HealthState::unknown;
  if (auto known = pipeline::health_state_named(**state)) return *known;
  std::string message =
      "\"data.state\" must be one of " + pipeline::health_state_names() + ", found " + quoted_value(**state);
  const std::vector<std::string> names = {"unknown", "ready", "unhealthy", "healthy", "degraded"};
  if (auto near = closest_word(**state, names, 2)) message += "; did you mean \"" + *near + "\"?";
  return make_error(location_of(child(data, "state"), file), message);
}

// data.promiseRef and data.resourceRef, both required.
Status read_references(const YAML::Node& data, const std::string& file, HealthRecord& record) {
  auto promise_ref = required_map(data, "promiseRef", "data.promiseRef", file);
  if (!promise_ref) return promise_ref.error();
  auto promise = required_string(*promise_ref, "name", "data.promiseRef.name", file);
  if (!promise) return promise.error();
  auto resource_ref = required_map(data, "resourceRef", "data.resourceRef", file);
  if (!resource_ref) return resource_ref.error();
  auto name = required_string(*resource_ref, "name", "data.resourceRef.name", file);
  if (!name) return name.error();
  auto ns = required_string(*resource_ref, "namespace", "data.resourceRef.namespace", file);
  if (!ns) return ns.error();
  auto generation = optional_integer(*resource_ref, "generation", "data.resourceRef.generation", file);
  if (!generation) return generation.error();  // read, then ignored, as Kratix does
  record.promise = *promise;
  record.request_name = *name;
  record.request_namespace = *ns;
  return ok();
}

// data.state, data.lastRun and data.details.
Status read_report(const YAML::Node& data, const std::string& file, pipeline::HealthEntry& entry) {
  auto state = read_state(data, file);
  if (!state) return state.error();
  entry.state = *state;
  auto last_run = optional_integer(data, "lastRun", "data.lastRun", file);
  if (!last_run) return last_run.error();
  entry.last_run = *last_run;
  const YAML::Node details = child(data, "details");
  if (!details.IsDefined() || details.IsNull()) return ok();
  if (!details.IsMap()) {
    return make_error(location_of(details, file),
                      "\"data.details\" must be a map, found " + describe_node_type(details));
  }
  entry.details_yaml = to_yaml_text(details);
  return ok();
}

}  // namespace

const FieldTable& health_record_fields() {
  static const FieldTable table{
      {{"apiVersion"}, {"kind"}, {"metadata", &object_meta_fields()}, {"data", &data_fields()}}};
  return table;
}

Result<HealthRecord> parse_health_record(const YamlDocument& document) {
  const std::string& file = document.file;
  const YAML::Node version = child(document.node, "apiVersion");
  if (!version.IsScalar() || version.Scalar() != kApiVersion) {
    return make_error(location_of(version.IsDefined() ? version : document.node, file),
                      std::string("HealthRecord must have apiVersion ") + kApiVersion + ", found " +
                          (version.IsScalar() ? shortened(version.Scalar()) : describe_node_type(version)));
  }
  if (Status known = check_known_fields(document.node, health_record_fields(), "", file); !known)
    return known.error();
  HealthRecord record;
  record.where = location_of(document.node, file);
  auto metadata = read_object_metadata(document, {.namespace_ = true});
  if (!metadata) return metadata.error();
  record.name = metadata->name;
  record.namespace_ = metadata->namespace_.value_or("default");
  auto data = required_map(document.node, "data", "data", file);
  if (!data) return data.error();
  if (Status refs = read_references(*data, file, record); !refs) return refs.error();
  if (Status report = read_report(*data, file, record.entry); !report) return report.error();
  record.entry.source_name = record.name;
  record.entry.source_namespace = record.namespace_;
  return record;
}

}  // namespace ferry::runner

#include "platform/resource_binding_parser.h"

#include <deque>
#include <map>
#include <string_view>
#include <tuple>
#include <utility>

#include "core/object_metadata.h"
#include "platform/binding_names.h"

namespace ferry::runner {
namespace {

const FieldTable& name_ref_fields() {
  static const FieldTable table{{{"name"}}};
  return table;
}

const FieldTable& resource_ref_fields() {
  static const FieldTable table{{{"name"}, {"namespace"}}};
  return table;
}

const FieldTable& spec_fields() {
  static const FieldTable table{
      {{"version"}, {"promiseRef", &name_ref_fields()}, {"resourceRef", &resource_ref_fields()}}};
  return table;
}

// The label `key`, required: its absence is an error at the document naming the label.
Result<std::string> key_label(const ObjectMetadata& metadata, const char* key, const YamlDocument& document) {
  const auto found = metadata.labels.find(key);
  if (found != metadata.labels.end() && !found->second.empty()) return found->second;
  return make_error(location_of(document.node, document.file),
                    std::string("ResourceBinding needs the label ") + key +
                        ": Kratix finds a binding's request by its labels " + kPromiseNameLabel + " and " +
                        kResourceNameLabel);
}

}  // namespace

const FieldTable& resource_binding_fields() {
  static const FieldTable table{
      {{"apiVersion"}, {"kind"}, {"metadata", &object_meta_fields()}, {"spec", &spec_fields()}, {"status"}}};
  return table;
}

Result<ResourceBinding> parse_resource_binding(const YamlDocument& document) {
  const std::string& file = document.file;
  if (Status known = check_known_fields(document.node, resource_binding_fields(), "", file); !known)
    return known.error();
  auto metadata = read_object_metadata(document, {.namespace_ = true, .labels = true});
  if (!metadata) return metadata.error();
  ResourceBinding binding;
  binding.name = metadata->name;
  binding.namespace_ = metadata->namespace_.value_or("default");
  binding.where = location_of(document.node, file);
  auto promise = key_label(*metadata, kPromiseNameLabel, document);
  if (!promise) return promise.error();
  auto request = key_label(*metadata, kResourceNameLabel, document);
  if (!request) return request.error();
  binding.promise = *promise;
  binding.request = *request;
  const auto manual = metadata->labels.find("kratix.io/manual-reconciliation");
  binding.manual_reconciliation = manual != metadata->labels.end() && manual->second == "true";
  const YAML::Node spec = child(document.node, "spec");
  if (spec.IsDefined() && !spec.IsNull()) {
    auto version = optional_string(spec, "version", "spec.version", file);
    if (!version) return version.error();
    if (*version && !(*version)->empty()) binding.version = **version;
  }
  if (binding.version.empty()) binding.version = pipeline::kLatestVersion;
  return binding;
}

void attach_bindings(Platform& platform, std::vector<Error>& errors) {
  if (platform.bindings.empty()) return;
  // Keys viewing the requests' own strings (no copy of 10,000 names in a big platform's no-op, bench row
  // 2v). A request's kratix.io/resource-name is its name, shortened as Kratix shortens one over 63
  // characters (kept in `shortened`, whose strings do not move).
  std::map<std::tuple<std::string_view, std::string_view, std::string_view>, pipeline::Request*> requests;
  std::deque<std::string> shortened;
  for (pipeline::Request& request : platform.requests) {
    std::string_view label = request.name;
    if (request.name.size() > kLabelValueMaxLength)
      label = shortened.emplace_back(resource_name_label_value(request.name));
    requests[{request.promise, request.namespace_, label}] = &request;
  }
  std::map<pipeline::Request*, const ResourceBinding*> bound;
  for (const ResourceBinding& binding : platform.bindings) {
    const auto found = requests.find({binding.promise, binding.namespace_, binding.request});
    if (found == requests.end()) continue;
    if (const auto [first, added] = bound.emplace(found->second, &binding); !added) {
      errors.push_back(make_error(
          binding.where, "request " + binding.namespace_ + "/" + found->second->name + " of Promise " +
                             binding.promise + " has two ResourceBindings: " + first->second->name + " (" +
                             first->second->where.render() + ") and " + binding.name + "; keep one"));
      continue;
    }
    pipeline::RequestBinding& set = found->second->binding;
    set.version = binding.version;
    set.binding_name = binding.name;
    set.manual_reconciliation = binding.manual_reconciliation;
    set.where = binding.where;
  }
}

}  // namespace ferry::runner

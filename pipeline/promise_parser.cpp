// Promise documents -> pipeline::Promise (promise_parser.h). Field rules follow reference §1.1.
#include "pipeline/promise_parser.h"

#include <array>

#include "core/kubernetes_names.h"
#include "core/label_selector_parser.h"
#include "core/object_metadata.h"
#include "pipeline/model.h"
#include "pipeline/openapi_schema_parser.h"
#include "pipeline/pipeline_fields.h"
#include "pipeline/pipeline_parser.h"
#include "pipeline/reconcile_controls_parser.h"
#include "pipeline/promise_fields.h"

namespace ferry::pipeline {
namespace {

// versions[].schema.openAPIV3Schema, parsed; null when the version declares none.
// Keywords Kubernetes drops are added to `warnings`.
Result<std::shared_ptr<const Schema>> read_version_schema(const YAML::Node& version, const std::string& file,
                                                          std::vector<Error>& warnings) {
  const YAML::Node schema = child(child(version, "schema"), "openAPIV3Schema");
  if (!schema || schema.IsNull()) return std::shared_ptr<const Schema>();
  const std::vector<Error> dropped = dropped_schema_keywords(schema, file);
  warnings.insert(warnings.end(), dropped.begin(), dropped.end());
  auto parsed = parse_schema(schema, file);
  if (!parsed) return parsed.error();
  return std::shared_ptr<const Schema>(std::make_shared<Schema>(std::move(*parsed)));
}

// spec.api is an embedded CustomResourceDefinition: the group, the storage version (else the first
// version), names.kind and names.plural identify the requests this Promise serves.
Result<std::optional<ApiRef>> parse_api(const YAML::Node& api, const std::string& file,
                                        std::vector<Error>& warnings) {
  if (!api || api.IsNull() || (api.IsMap() && api.size() == 0)) return std::optional<ApiRef>{};
  if (!api.IsMap())
    return make_error(location_of(api, file), "\"spec.api\" must be a CustomResourceDefinition");
  const YAML::Node crd = child(api, "spec");
  if (!crd || !crd.IsMap())
    return make_error(location_of(api, file), "missing required field \"spec.api.spec\"");
  ApiRef ref;
  auto group = required_string(crd, "group", "spec.api.spec.group", file);
  if (!group) return group.error();
  ref.group = *group;
  const YAML::Node names = child(crd, "names");
  if (!names || !names.IsMap())
    return make_error(location_of(crd, file), "missing required field \"spec.api.spec.names\"");
  auto kind = required_string(names, "kind", "spec.api.spec.names.kind", file);
  if (!kind) return kind.error();
  ref.kind = *kind;
  auto plural = required_string(names, "plural", "spec.api.spec.names.plural", file);
  if (!plural) return plural.error();
  ref.plural = *plural;
  const YAML::Node versions = child(crd, "versions");
  if (!versions || !versions.IsSequence() || versions.size() == 0) {
    return make_error(location_of(crd, file), "\"spec.api.spec.versions\" must list at least one version");
  }
  bool storage_found = false;
  for (std::size_t i = 0; i < versions.size(); ++i) {
    const std::string path = "spec.api.spec.versions[" + std::to_string(i) + "]";
    auto name = required_string(versions[i], "name", path + ".name", file);
    if (!name) return name.error();
    auto storage = optional_bool(versions[i], "storage", false, path + ".storage", file);
    if (!storage) return storage.error();
    auto served = optional_bool(versions[i], "served", true, path + ".served", file);
    if (!served) return served.error();
    if (!storage_found && (ref.version.empty() || *storage)) ref.version = *name;
    storage_found = storage_found || *storage;
    if (*served) ref.served_versions.push_back(*name);
    auto schema = read_version_schema(versions[i], file, warnings);
    if (!schema) return schema.error();
    if (*schema) ref.schemas[*name] = std::move(*schema);
  }
  return std::optional<ApiRef>{ref};
}

// spec.destinationSelectors: each entry's matchLabels in order, and every entry's matchExpressions.
Status read_destination_selectors(const YAML::Node& spec, const std::string& file, Promise& promise) {
  const YAML::Node list = child(spec, "destinationSelectors");
  if (!list || list.IsNull()) return ok();
  if (!list.IsSequence()) {
    return make_error(location_of(list, file),
                      "\"spec.destinationSelectors\" must be a list, found " + describe_node_type(list));
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string path = "spec.destinationSelectors[" + std::to_string(i) + "]";
    auto labels = optional_labels(list[i], "matchLabels", path + ".matchLabels", file);
    if (!labels) return labels.error();
    if (Status valid = check_labels(child(list[i], "matchLabels"), path + ".matchLabels", file); !valid)
      return valid;
    promise.destination_selectors.push_back(std::move(*labels));
    auto expressions =
        optional_label_expressions(list[i], "matchExpressions", path + ".matchExpressions", file);
    if (!expressions) return expressions.error();
    if (Status valid =
            check_label_expressions(child(list[i], "matchExpressions"), path + ".matchExpressions", file);
        !valid)
      return valid;
    promise.destination_expressions.insert(promise.destination_expressions.end(), expressions->begin(),
                                           expressions->end());
  }
  return ok();
}

// Kratix's webhook refuses a Pipeline whose "<promise>-<type>-<action>-<pipeline>" is longer than this: it
// names the pipeline's Jobs and resources (reference §1.2).
constexpr std::size_t kMaxPipelineIdentity = 60;

// Each pipeline's "<promise>-<type>-<action>-<pipeline>" within Kratix's limit; the error is at its name.
Status check_pipeline_identities(const std::string& promise, const char* type, const char* action,
                                 const std::vector<Pipeline>& pipelines, const YAML::Node& list,
                                 const std::string& file) {
  for (std::size_t i = 0; i < pipelines.size(); ++i) {
    const std::string identity = promise + "-" + type + "-" + action + "-" + pipelines[i].name;
    if (identity.size() <= kMaxPipelineIdentity) continue;
    const std::string field =
        "spec.workflows." + std::string(type) + "." + action + "[" + std::to_string(i) + "].metadata.name";
    return make_error(location_of(child(child(list[i], "metadata"), "name"), file),
                      "\"" + field + "\" makes \"" + identity + "\" " + std::to_string(identity.size()) +
                          " characters long; Kratix allows at most " + std::to_string(kMaxPipelineIdentity) +
                          " for \"<promise>-<type>-<action>-<pipeline>\" (it names the pipeline's Jobs): "
                          "shorten the Promise's or the pipeline's name");
  }
  return ok();
}

// spec.workflows.<type>.<action>: the four workflows a Promise may declare; a list in `replaced` (a
// split Promise's workflow.yaml) takes the place of the base document's.
Result<std::map<WorkflowName, std::vector<Pipeline>>> parse_workflows(
    const YAML::Node& spec, const std::string& promise, const std::string& base_file,
    const std::map<WorkflowName, YamlDocument>& replaced) {
  std::map<WorkflowName, std::vector<Pipeline>> workflows;
  const YAML::Node node = child(spec, "workflows");
  if (node.IsDefined() && !node.IsNull() && !node.IsMap())
    return make_error(location_of(node, base_file), "\"spec.workflows\" must be a map");
  for (const char* type : kWorkflowTypes) {
    for (const char* action : kWorkflowActions) {
      const std::string name = std::string(type) + "." + action;
      const auto part = replaced.find(name);
      const YAML::Node list = part != replaced.end() ? part->second.node : child(child(node, type), action);
      const std::string& file = part != replaced.end() ? part->second.file : base_file;
      auto pipelines = parse_pipelines(list, "spec.workflows." + name, file);
      if (!pipelines) return pipelines.error();
      if (Status fits = check_pipeline_identities(promise, type, action, *pipelines, list, file); !fits)
        return fits.error();
      if (!pipelines->empty()) workflows[name] = std::move(*pipelines);
    }
  }
  return workflows;
}

// spec.dependencies (`list`), written as Kratix does: every object as one document of a YAML stream.
Result<std::string> parse_dependencies(const YAML::Node& list, const std::string& file) {
  if (!list.IsDefined() || list.IsNull()) return std::string{};
  if (!list.IsSequence()) {
    return make_error(location_of(list, file),
                      "\"spec.dependencies\" must be a list of objects, found " + describe_node_type(list));
  }
  std::string stream;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].IsMap()) {
      return make_error(location_of(list[i], file), "\"spec.dependencies[" + std::to_string(i) +
                                                        "]\" must be an object, found " +
                                                        describe_node_type(list[i]));
    }
    stream += (i ? "---\n" : "") + to_yaml_text(list[i]);
  }
  return stream;
}

// spec.requiredPromises: [{name, version}], version optional.
Result<std::vector<RequiredPromise>> parse_required_promises(const YAML::Node& spec,
                                                             const std::string& file) {
  const YAML::Node list = child(spec, "requiredPromises");
  std::vector<RequiredPromise> required;
  if (!list.IsDefined() || list.IsNull()) return required;
  if (!list.IsSequence()) {
    return make_error(location_of(list, file),
                      "\"spec.requiredPromises\" must be a list, found " + describe_node_type(list));
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string path = "spec.requiredPromises[" + std::to_string(i) + "]";
    if (!list[i].IsMap()) {
      return make_error(location_of(list[i], file),
                        "\"" + path + "\" must be an object, found " + describe_node_type(list[i]));
    }
    auto name = required_string(list[i], "name", path + ".name", file);
    if (!name) return name.error();
    auto version = optional_string(list[i], "version", path + ".version", file);
    if (!version) return version.error();
    required.push_back({*name, version->value_or(""), location_of(list[i], file)});
  }
  return required;
}

// The base document's fields, then each replaced workflow's Pipelines, each in its own file.
Status check_parts_fields(const PromiseParts& parts) {
  if (Status known = check_known_fields(parts.base.node, promise_fields(), "", parts.base.file); !known)
    return known;
  for (const auto& [name, list] : parts.workflows) {
    for (std::size_t i = 0; list.node.IsSequence() && i < list.node.size(); ++i) {
      const std::string path = "spec.workflows." + name + "[" + std::to_string(i) + "]";
      if (Status known = check_known_fields(list.node[i], pipeline_fields(), path, list.file); !known)
        return known;
    }
  }
  return ok();
}

// The whole Promise as one object (its /kratix/input/object.yaml): the base with the parts in their
// places, as `kratix build promise` assembles it.
YAML::Node composed_object(const PromiseParts& parts) {
  if (!parts.api && !parts.dependencies && parts.workflows.empty()) return parts.base.node;
  YAML::Node object = YAML::Clone(parts.base.node);
  if (parts.api) object["spec"]["api"] = parts.api->node;
  if (parts.dependencies) object["spec"]["dependencies"] = parts.dependencies->node;
  for (const auto& [name, list] : parts.workflows) {
    const auto dot = name.find('.');
    object["spec"]["workflows"][name.substr(0, dot)][name.substr(dot + 1)] = list.node;
  }
  return object;
}

}  // namespace

Result<Promise> parse_promise(const YamlDocument& document, FieldCheck check) {
  return parse_promise_parts(PromiseParts{.base = document}, check);
}

Result<Promise> parse_promise_parts(const PromiseParts& parts, FieldCheck check) {
  const YamlDocument& document = parts.base;
  const std::string& file = document.file;
  const YAML::Node& node = document.node;
  if (check == FieldCheck::strict) {
    if (Status known = check_parts_fields(parts); !known) return known.error();
  }
  Promise promise;
  promise.where = location_of(node, file);
  auto metadata =
      read_object_metadata(document, {.metadata_required = false, .annotations = true, .labels = true});
  if (!metadata) return metadata.error();
  promise.name = metadata->name;
  promise.annotations = std::move(metadata->annotations);
  const Labels& labels = metadata->labels;
  if (auto version = labels.find(kPromiseVersionLabel); version != labels.end())
    promise.version = version->second;
  auto spec_node = required_map(node, "spec", "spec", file);
  if (!spec_node) return spec_node.error();
  const YAML::Node& spec = *spec_node;
  auto api = parts.api ? parse_api(parts.api->node, parts.api->file, promise.load_warnings)
                       : parse_api(child(spec, "api"), file, promise.load_warnings);
  if (!api) return api.error();
  promise.api = std::move(*api);
  if (Status selectors = read_destination_selectors(spec, file, promise); !selectors)
    return selectors.error();
  if (child(spec, "clusterSelector").IsDefined()) {
    auto cluster_selector = optional_labels(spec, "clusterSelector", "spec.clusterSelector", file);
    if (!cluster_selector) return cluster_selector.error();
    if (Status valid = check_labels(child(spec, "clusterSelector"), "spec.clusterSelector", file); !valid)
      return valid.error();
    promise.cluster_selector = std::move(*cluster_selector);
  }
  auto required = parse_required_promises(spec, file);
  if (!required) return required.error();
  promise.required_promises = std::move(*required);
  auto workflows = parse_workflows(spec, promise.name, file, parts.workflows);
  if (!workflows) return workflows.error();
  promise.workflows = std::move(*workflows);
  auto dependencies = parts.dependencies
                          ? parse_dependencies(parts.dependencies->node, parts.dependencies->file)
                          : parse_dependencies(child(spec, "dependencies"), file);
  if (!dependencies) return dependencies.error();
  promise.dependencies_yaml = std::move(*dependencies);
  auto controls = read_reconcile_controls(node, true, file);
  if (!controls) return controls.error();
  promise.controls = std::move(*controls);
  promise.object_yaml = to_yaml_text(composed_object(parts));
  return promise;
}

}  // namespace ferry::pipeline

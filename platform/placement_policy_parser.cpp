#include "platform/placement_policy_parser.h"

#include <cmath>
#include <span>

#include "core/finite_number_field.h"
#include "core/label_selector_parser.h"
#include "core/object_metadata.h"
#include "core/scalar_location.h"
#include "platform/kind_fields.h"
#include "platform/object_fields.h"
#include "platform/policy_rules_parser.h"

namespace ferry::runner {
// The readers of the policy's fields, in a namespace of their own so that the scheduler's names they use
// stay out of the rest of platform/.
namespace placement_policy_fields {
using namespace ferry::scheduler;

namespace {

using Reader = Status (*)(const YAML::Node& value, const std::string& path, const std::string& file,
                          PlacementPolicy& policy);
struct Field {
  const char* key;
  Reader read;
};

// Refuses unknown keys of `map`, then calls the reader of every key present, in table order.
Status read_fields(const YAML::Node& map, std::span<const Field> fields, const std::string& path,
                   const std::string& file, PlacementPolicy& policy) {
  if (!map.IsMap()) {
    return make_error(location_of(map, file),
                      "\"" + path + "\" must be a map, found " + describe_node_type(map));
  }
  std::vector<std::string> known;
  for (const Field& f : fields) known.push_back(f.key);
  if (Status checked = known_fields_only(map, known, path, file); !checked) return checked;
  for (const Field& f : fields) {
    const YAML::Node value = child(map, f.key);
    if (!value.IsDefined() || value.IsNull()) continue;
    if (Status read = f.read(value, path + "." + f.key, file, policy); !read) return read;
  }
  return ok();
}

// A PlacementPolicy spells its numbers as strtod reads them.
Result<double> number(const YAML::Node& node, const std::string& path, const std::string& file) {
  return read_finite_number(node, path, file, NumberSpelling::strtod);
}

Result<int> integer(const YAML::Node& node, const std::string& path, const std::string& file, int min,
                    int max) {
  auto value = number(node, path, file);
  if (!value) return value.error();
  if (*value != std::floor(*value) || *value < min || *value > max) {
    return make_error(location_of(node, file), "\"" + path + "\" must be a whole number from " +
                                                   std::to_string(min) + " to " + std::to_string(max) +
                                                   ", found " + node.Scalar());
  }
  return static_cast<int>(*value);
}

Result<std::vector<YAML::Node>> list(const YAML::Node& node, const std::string& path,
                                     const std::string& file) {
  if (!node.IsSequence()) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" must be a list, found " + describe_node_type(node));
  }
  return std::vector<YAML::Node>(node.begin(), node.end());
}

std::string at(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

template <class T, class Parse>
Status constraints(const YAML::Node& node, const std::string& path, const std::string& file,
                   std::vector<T>& out, Parse parse) {
  auto items = list(node, path, file);
  if (!items) return items.error();
  for (std::size_t i = 0; i < items->size(); ++i) {
    const YAML::Node& item = (*items)[i];
    if (!item.IsScalar()) {
      return make_error(location_of(item, file),
                        "\"" + at(path, i) + "\" must be a string, found " + describe_node_type(item));
    }
    auto parsed = parse(item.Scalar(), scalar_text_start(item, file));
    if (!parsed) return parsed.error();
    out.push_back(std::move(*parsed));
  }
  return ok();
}

Status label_constraints(const YAML::Node& n, const std::string& path, const std::string& file,
                         PlacementPolicy& p) {
  return constraints(n, path, file, p.label_constraints, parse_label_constraint);
}

Status metric_constraints(const YAML::Node& n, const std::string& path, const std::string& file,
                          PlacementPolicy& p) {
  return constraints(n, path, file, p.metric_constraints, parse_metric_constraint);
}

// Krake's cluster resource constraint: CRD names "<plural>.<group>".
Status custom_resources(const YAML::Node& n, const std::string& path, const std::string& file,
                        PlacementPolicy& p) {
  auto names = parse_crd_names(n, path, file);
  if (!names) return names.error();
  p.custom_resources = std::move(*names);
  return ok();
}

Result<LabelSelector> selector(const YAML::Node& node, const std::string& path, const std::string& file) {
  if (!node.IsDefined() || node.IsNull()) return LabelSelector{};
  return parse_label_selector(node, path, file);
}

Result<WorkloadAffinityTerm> workload_term(const YAML::Node& node, const std::string& path,
                                           const std::string& file) {
  if (!node.IsMap()) {
    return make_error(location_of(node, file), "\"" + path +
                                                   "\" must be a map with \"labelSelector\" and "
                                                   "\"topologyKey\", found " +
                                                   describe_node_type(node));
  }
  if (Status known = known_fields_only(node, {"labelSelector", "topologyKey"}, path, file); !known) {
    return known.error();
  }
  auto labels = selector(child(node, "labelSelector"), path + ".labelSelector", file);
  if (!labels) return labels.error();
  auto key = required_string(node, "topologyKey", path + ".topologyKey", file);
  if (!key) return key.error();
  return WorkloadAffinityTerm{std::move(*labels), *key};
}

// {weight: 1..100, <term_key>: ...}, as Kubernetes' weighted terms.
Result<int> weight_of(const YAML::Node& node, const std::string& path, const std::string& file,
                      const char* term_key) {
  if (!node.IsMap()) {
    return make_error(location_of(node, file), "\"" + path + "\" must be a map with \"weight\" and \"" +
                                                   term_key + "\", found " + describe_node_type(node));
  }
  if (Status known = known_fields_only(node, {"weight", term_key}, path, file); !known) return known.error();
  if (!child(node, "weight").IsDefined()) {
    return make_error(location_of(node, file), "missing required field \"" + path + ".weight\"");
  }
  return integer(node["weight"], path + ".weight", file, 1, 100);
}

Status workload(const YAML::Node& node, const std::string& path, const std::string& file,
                WorkloadAffinity& out) {
  const std::vector<std::string> known = {"requiredDuringSchedulingIgnoredDuringExecution",
                                          "preferredDuringSchedulingIgnoredDuringExecution"};
  if (Status checked = known_fields_only(node, known, path, file); !checked) return checked;
  if (const YAML::Node required = child(node, known[0].c_str()); required.IsDefined() && !required.IsNull()) {
    auto items = list(required, path + "." + known[0], file);
    if (!items) return items.error();
    for (std::size_t i = 0; i < items->size(); ++i) {
      auto term = workload_term((*items)[i], at(path + "." + known[0], i), file);
      if (!term) return term.error();
      out.required.push_back(std::move(*term));
    }
  }
  if (const YAML::Node preferred = child(node, known[1].c_str());
      preferred.IsDefined() && !preferred.IsNull()) {
    auto items = list(preferred, path + "." + known[1], file);
    if (!items) return items.error();
    for (std::size_t i = 0; i < items->size(); ++i) {
      const std::string item_path = at(path + "." + known[1], i);
      auto weight = weight_of((*items)[i], item_path, file, "workloadAffinityTerm");
      if (!weight) return weight.error();
      auto term = workload_term(child((*items)[i], "workloadAffinityTerm"),
                                item_path + ".workloadAffinityTerm", file);
      if (!term) return term.error();
      out.preferred.push_back({*weight, std::move(*term)});
    }
  }
  return ok();
}

Status workload_affinity(const YAML::Node& n, const std::string& path, const std::string& file,
                         PlacementPolicy& p) {
  return workload(n, path, file, p.workload_affinity);
}

Status workload_anti_affinity(const YAML::Node& n, const std::string& path, const std::string& file,
                              PlacementPolicy& p) {
  return workload(n, path, file, p.workload_anti_affinity);
}

Status selector_list(const YAML::Node& node, const std::string& path, const std::string& file,
                     std::vector<LabelSelector>& out) {
  auto items = list(node, path, file);
  if (!items) return items.error();
  for (std::size_t i = 0; i < items->size(); ++i) {
    auto parsed = parse_label_selector((*items)[i], at(path, i), file);
    if (!parsed) return parsed.error();
    out.push_back(std::move(*parsed));
  }
  return ok();
}

Status cluster_selector_terms(const YAML::Node& n, const std::string& path, const std::string& file,
                              PlacementPolicy& p) {
  return selector_list(n, path, file, p.cluster_affinity.required_terms);
}

constexpr Field kRequiredClusterAffinity[] = {{"clusterSelectorTerms", cluster_selector_terms}};

Status required_cluster(const YAML::Node& n, const std::string& path, const std::string& file,
                        PlacementPolicy& p) {
  return read_fields(n, kRequiredClusterAffinity, path, file, p);
}

constexpr Field kPredicateClusterAffinity[] = {
    {"requiredDuringSchedulingIgnoredDuringExecution", required_cluster}};

Status predicate_cluster(const YAML::Node& n, const std::string& path, const std::string& file,
                         PlacementPolicy& p) {
  return read_fields(n, kPredicateClusterAffinity, path, file, p);
}

Status preferred_cluster(const YAML::Node& n, const std::string& path, const std::string& file,
                         PlacementPolicy& p) {
  auto items = list(n, path, file);
  if (!items) return items.error();
  for (std::size_t i = 0; i < items->size(); ++i) {
    auto weight = weight_of((*items)[i], at(path, i), file, "preference");
    if (!weight) return weight.error();
    auto preference = selector(child((*items)[i], "preference"), at(path, i) + ".preference", file);
    if (!preference) return preference.error();
    p.cluster_affinity.preferred.push_back({*weight, std::move(*preference)});
  }
  return ok();
}

constexpr Field kPriorityClusterAffinity[] = {
    {"preferredDuringSchedulingIgnoredDuringExecution", preferred_cluster}};

Status priority_cluster(const YAML::Node& n, const std::string& path, const std::string& file,
                        PlacementPolicy& p) {
  return read_fields(n, kPriorityClusterAffinity, path, file, p);
}

Status stickiness(const YAML::Node& n, const std::string& path, const std::string& file, PlacementPolicy& p) {
  auto weight = number(n, path, file);
  if (!weight) return weight.error();
  if (*weight < 0)
    return make_error(location_of(n, file), "\"" + path + "\" must be 0 or more, found " + n.Scalar());
  p.stickiness_weight = *weight;
  return ok();
}

constexpr Field kPredicates[] = {
    {"labelConstraints", label_constraints},          {"metricConstraints", metric_constraints},
    {"clusterAffinity", predicate_cluster},           {"workloadAffinity", workload_affinity},
    {"workloadAntiAffinity", workload_anti_affinity}, {"customResources", custom_resources},
};
Status functions(const YAML::Node& n, const std::string& path, const std::string& file, PlacementPolicy& p) {
  auto read = parse_priority_functions(n, path, file);
  if (!read) return read.error();
  p.priority_functions = std::move(*read);
  return ok();
}

constexpr Field kPriorities[] = {
    {"stickinessWeight", stickiness}, {"clusterAffinity", priority_cluster}, {"functions", functions}};

Status predicates(const YAML::Node& n, const std::string& path, const std::string& file, PlacementPolicy& p) {
  return read_fields(n, kPredicates, path, file, p);
}

Status priorities(const YAML::Node& n, const std::string& path, const std::string& file, PlacementPolicy& p) {
  return read_fields(n, kPriorities, path, file, p);
}

Status promises(const YAML::Node& n, const std::string& path, const std::string& file, PlacementPolicy& p) {
  YAML::Node wrapper(YAML::NodeType::Map);
  wrapper["v"] = n;
  auto names = optional_strings(wrapper, "v", path, file);
  if (!names) return names.error();
  p.promises = std::move(*names);
  return ok();
}

Status rescheduling(const YAML::Node& n, const std::string& path, const std::string& file,
                    PlacementPolicy& p) {
  YAML::Node wrapper(YAML::NodeType::Map);
  wrapper["v"] = n;
  auto on = optional_bool(wrapper, "v", false, path, file);
  if (!on) return on.error();
  p.rescheduling = *on;
  return ok();
}

Status spread_count(const YAML::Node& n, const std::string& path, const std::string& file,
                    PlacementPolicy& p) {
  auto count = integer(n, path, file, 1, 10000);
  if (!count) return count.error();
  p.spread->count = *count;
  return ok();
}

Status spread_key(const YAML::Node& n, const std::string& path, const std::string& file, PlacementPolicy& p) {
  if (!n.IsScalar())
    return make_error(location_of(n, file),
                      "\"" + path + "\" must be a string, found " + describe_node_type(n));
  p.spread->topology_key = n.Scalar();
  return ok();
}

Status spread_skew(const YAML::Node& n, const std::string& path, const std::string& file,
                   PlacementPolicy& p) {
  auto skew = integer(n, path, file, 1, 10000);
  if (!skew) return skew.error();
  p.spread->max_skew = *skew;
  return ok();
}

constexpr Field kSpread[] = {{"count", spread_count}, {"topologyKey", spread_key}, {"maxSkew", spread_skew}};

Status spread(const YAML::Node& n, const std::string& path, const std::string& file, PlacementPolicy& p) {
  p.spread = SpreadConstraint{};
  return read_fields(n, kSpread, path, file, p);
}

Status location_selectors(const YAML::Node& n, const std::string& path, const std::string& file,
                          PlacementPolicy& p) {
  return selector_list(n, path, file, p.location_selectors);
}

// KCP's namespaceSelector: which namespaces' requests the policy governs, by their Namespace objects' labels.
Status namespace_selector(const YAML::Node& n, const std::string& path, const std::string& file,
                          PlacementPolicy& p) {
  auto parsed = parse_label_selector(n, path, file);
  if (!parsed) return parsed.error();
  p.namespace_selector = std::move(*parsed);
  return ok();
}

Status scheduler_name(const YAML::Node& n, const std::string& path, const std::string& file,
                      PlacementPolicy& p) {
  if (!n.IsScalar() || n.Scalar().empty()) {
    return make_error(location_of(n, file),
                      "\"" + path + "\" must be a scheduler name, found " + describe_node_type(n));
  }
  p.scheduler_name = n.Scalar();
  return ok();
}

// Crossplane's targetCluster (seed 002), for a Destination: {name: <Destination>}.
Status target_destination(const YAML::Node& n, const std::string& path, const std::string& file,
                          PlacementPolicy& p) {
  return parse_target_destination(n, path, file, p.target_destination, p.target_where);
}

constexpr Field kSpec[] = {
    {"promises", promises},
    {"predicates", predicates},
    {"priorities", priorities},
    {"rescheduling", rescheduling},
    {"spread", spread},
    {"locationSelectors", location_selectors},
    {"namespaceSelector", namespace_selector},
    {"schedulerName", scheduler_name},
    {"targetDestination", target_destination},
};

}  // namespace

}  // namespace placement_policy_fields

Result<scheduler::PlacementPolicy> parse_placement_policy(const YamlDocument& document) {
  const std::string& file = document.file;
  if (Status version = check_api_version(document, "PlacementPolicy"); !version) return version.error();
  if (Status known = check_known_fields(document.node, scheduling_object_fields(), "", file); !known)
    return known.error();
  scheduler::PlacementPolicy policy;
  policy.where = location_of(document.node, file);
  auto metadata = read_object_metadata(document);
  if (!metadata) return metadata.error();
  policy.name = metadata->name;
  auto spec = required_map(document.node, "spec", "spec", file);
  if (!spec) return spec.error();
  if (Status read =
          placement_policy_fields::read_fields(*spec, placement_policy_fields::kSpec, "spec", file, policy);
      !read)
    return read.error();
  if (policy.promises.empty()) {
    return make_error(location_of(*spec, file), "\"spec.promises\" must name at least one Promise");
  }
  return policy;
}

}  // namespace ferry::runner

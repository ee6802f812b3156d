#include "platform/policy_rules_parser.h"

#include "core/finite_number.h"
#include "platform/object_fields.h"
#include "scheduler/custom_resources.h"

namespace ferry::runner {
namespace {

// A whole number in [min, max], written as a plain integer.
Result<int> whole(const YAML::Node& node, const std::string& path, const std::string& file, int min,
                  int max) {
  const auto value =
      node.IsScalar() ? parse_finite_number(node.Scalar(), NumberSpelling::strtod) : std::nullopt;
  if (!value || *value != static_cast<int>(*value) || *value < min || *value > max) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" must be a whole number from " + std::to_string(min) + " to " +
                          std::to_string(max) + ", found " +
                          (node.IsScalar() ? node.Scalar() : describe_node_type(node)));
  }
  return static_cast<int>(*value);
}

Result<YAML::Node> map_at(const YAML::Node& node, const std::string& path, const std::string& file) {
  if (!node.IsMap())
    return make_error(location_of(node, file),
                      "\"" + path + "\" must be a map, found " + describe_node_type(node));
  return node;
}

Status label_score(const YAML::Node& node, const std::string& path, const std::string& file,
                   scheduler::PriorityFunction& function) {
  auto map = map_at(node, path, file);
  if (!map) return map.error();
  if (Status known = known_fields_only(node, {"label", "scores"}, path, file); !known) return known;
  auto label = required_string(node, "label", path + ".label", file);
  if (!label) return label.error();
  function.label = *label;
  auto scores = required_map(node, "scores", path + ".scores", file);
  if (!scores) return scores.error();
  for (const auto& entry : *scores) {
    const std::string value = entry.first.Scalar();
    auto score = whole(entry.second, path + ".scores." + value, file, 1, 10);
    if (!score) return score.error();
    function.scores[value] = *score;
  }
  return ok();
}

Result<scheduler::PriorityFunction> function_at(const YAML::Node& node, const std::string& path,
                                                const std::string& file) {
  auto map = map_at(node, path, file);
  if (!map) return map.error();
  if (Status known = known_fields_only(node, {"weight", "labelScore"}, path, file); !known)
    return known.error();
  scheduler::PriorityFunction function;
  if (!child(node, "weight").IsDefined())
    return make_error(location_of(node, file), "missing required field \"" + path + ".weight\"");
  auto weight = whole(node["weight"], path + ".weight", file, 1, 100);
  if (!weight) return weight.error();
  function.weight = *weight;
  if (!child(node, "labelScore").IsDefined())
    return make_error(location_of(node, file), "missing required field \"" + path + ".labelScore\"");
  if (Status read = label_score(node["labelScore"], path + ".labelScore", file, function); !read)
    return read.error();
  return function;
}

}  // namespace

Result<std::vector<std::string>> parse_crd_names(const YAML::Node& list, const std::string& path,
                                                 const std::string& file) {
  if (!list.IsSequence())
    return make_error(location_of(list, file),
                      "\"" + path + "\" must be a list, found " + describe_node_type(list));
  std::vector<std::string> names;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string item_path = path + "[" + std::to_string(i) + "]";
    if (!list[i].IsScalar()) {
      return make_error(location_of(list[i], file),
                        "\"" + item_path + "\" must be a string, found " + describe_node_type(list[i]));
    }
    if (const std::string problem = scheduler::crd_name_problem(list[i].Scalar()); !problem.empty()) {
      return make_error(location_of(list[i], file), "\"" + item_path + "\" \"" + list[i].Scalar() +
                                                        "\" is not a CRD name <plural>.<group> (e.g. "
                                                        "certificates.cert-manager.io): " +
                                                        problem);
    }
    names.push_back(list[i].Scalar());
  }
  return names;
}

Status parse_target_destination(const YAML::Node& node, const std::string& path, const std::string& file,
                                std::optional<std::string>& name, SourceLocation& where) {
  auto map = map_at(node, path, file);
  if (!map) return map.error();
  if (Status known = known_fields_only(node, {"name"}, path, file); !known) return known;
  const YAML::Node value = child(node, "name");
  if (!value.IsDefined() || value.IsNull())
    return make_error(location_of(node, file), "missing required field \"" + path + ".name\"");
  if (!value.IsScalar() || value.Scalar().empty()) {
    return make_error(location_of(value, file),
                      "\"" + path + ".name\" must be a Destination name, found " + describe_node_type(value));
  }
  name = value.Scalar();
  where = location_of(value, file);
  return ok();
}

Result<std::vector<scheduler::PriorityFunction>> parse_priority_functions(const YAML::Node& list,
                                                                          const std::string& path,
                                                                          const std::string& file) {
  if (!list.IsSequence())
    return make_error(location_of(list, file),
                      "\"" + path + "\" must be a list, found " + describe_node_type(list));
  std::vector<scheduler::PriorityFunction> functions;
  for (std::size_t i = 0; i < list.size(); ++i) {
    auto function = function_at(list[i], path + "[" + std::to_string(i) + "]", file);
    if (!function) return function.error();
    functions.push_back(std::move(*function));
  }
  return functions;
}

}  // namespace ferry::runner

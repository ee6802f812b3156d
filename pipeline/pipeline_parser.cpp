#include "pipeline/pipeline_parser.h"

#include <map>
#include <set>

#include "core/kubernetes_names.h"
#include "pipeline/container_mounts_parser.h"
#include "pipeline/job_fields_parser.h"
#include "pipeline/resources_parser.h"
#include "pipeline/security_context_parser.h"
#include "pipeline/value_from_parser.h"
#include "pipeline/volume_parser.h"

namespace ferry::pipeline {
namespace {

// imagePullPolicy spellings, as Kubernetes writes them.
const std::map<std::string, PullPolicy>& pull_policies() {
  static const std::map<std::string, PullPolicy> table = {{"Always", PullPolicy::always},
                                                          {"IfNotPresent", PullPolicy::if_not_present},
                                                          {"Never", PullPolicy::never}};
  return table;
}

// What a Pipeline annotation's value may be: the network opt-in is explicit, anything else is a typo.
const std::map<std::string, bool>& network_values() {
  static const std::map<std::string, bool> table = {{"false", false}, {"true", true}};
  return table;
}

// A string field whose value must be a key of `table`; absent gives `fallback`. The error points at the
// value and lists the accepted spellings.
template <class T>
Result<T> one_of(const YAML::Node& map, const char* key, const std::map<std::string, T>& table, T fallback,
                 const std::string& path, const std::string& file) {
  auto text = optional_string(map, key, path, file);
  if (!text) return text.error();
  if (!*text) return fallback;
  const auto found = table.find(**text);
  if (found != table.end()) return found->second;
  std::string accepted;
  for (const auto& [name, value] : table) accepted += (accepted.empty() ? "" : ", ") + name;
  return make_error(location_of(child(map, key), file),
                    "\"" + path + "\" must be one of " + accepted + "; found \"" + **text + "\"");
}

Result<std::vector<EnvVar>> parse_env(const YAML::Node& container, const std::string& path,
                                      const std::string& file) {
  std::vector<EnvVar> env;
  const YAML::Node list = child(container, "env");
  if (!list || list.IsNull()) return env;
  if (!list.IsSequence()) return make_error(location_of(list, file), "\"" + path + "\" must be a list");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string item = path + "[" + std::to_string(i) + "]";
    auto name = required_string(list[i], "name", item + ".name", file);
    if (!name) return name.error();
    auto value = optional_string(list[i], "value", item + ".value", file);
    if (!value) return value.error();
    EnvVar var{*name, value->value_or(""), std::nullopt};
    if (const YAML::Node from = child(list[i], "valueFrom"); from.IsDefined()) {
      if (value->has_value()) {
        return make_error(location_of(list[i], file),
                          "\"" + item + "\" has both value and valueFrom: keep one");
      }
      auto ref = parse_value_from(from, item + ".valueFrom", file);
      if (!ref) return ref.error();
      var.value_from = std::move(*ref);
    }
    env.push_back(std::move(var));
  }
  return env;
}

Result<Container> parse_container(const YAML::Node& node, const std::string& path, const std::string& file) {
  Container container;
  auto name = required_string(node, "name", path + ".name", file);
  if (!name) return name.error();
  container.name = *name;
  auto image = required_string(node, "image", path + ".image", file);
  if (!image) return image.error();
  container.image = *image;
  auto command = optional_strings(node, "command", path + ".command", file);
  if (!command) return command.error();
  container.command = std::move(*command);
  auto args = optional_strings(node, "args", path + ".args", file);
  if (!args) return args.error();
  container.args = std::move(*args);
  auto env = parse_env(node, path + ".env", file);
  if (!env) return env.error();
  container.env = std::move(*env);
  auto pull = one_of(node, "imagePullPolicy", pull_policies(), PullPolicy::if_not_present,
                     path + ".imagePullPolicy", file);
  if (!pull) return pull.error();
  container.pull_policy = *pull;
  if (Status mounts = parse_container_mounts(node, path, file, container); !mounts) return mounts.error();
  auto resources = parse_resources(node, path, file);
  if (!resources) return resources.error();
  container.resources = std::move(*resources);
  auto security = parse_security_context(node, path, file);
  if (!security) return security.error();
  container.security_context = std::move(*security);
  return container;
}

Result<Pipeline> parse_pipeline(const YAML::Node& node, const std::string& path, const std::string& file) {
  auto api_version = required_string(node, "apiVersion", path + ".apiVersion", file);
  if (!api_version) return api_version.error();
  auto kind = required_string(node, "kind", path + ".kind", file);
  if (!kind) return kind.error();
  if (*api_version != "platform.kratix.io/v1alpha1" || *kind != "Pipeline") {
    return make_error(location_of(node, file), "\"" + path +
                                                   "\" must be apiVersion platform.kratix.io/v1alpha1, "
                                                   "kind Pipeline; found " +
                                                   *api_version + ", " + *kind);
  }
  Pipeline pipeline;
  pipeline.where = location_of(node, file);
  auto name = required_string(child(node, "metadata"), "name", path + ".metadata.name", file);
  if (!name) return name.error();
  if (Status valid = check_name(child(child(node, "metadata"), "name"), NameRule::pipeline_name,
                                path + ".metadata.name", file);
      !valid)
    return valid.error();
  pipeline.name = *name;
  auto network = one_of(child(child(node, "metadata"), "annotations"), kNetworkAnnotation, network_values(),
                        false, path + ".metadata.annotations." + kNetworkAnnotation, file);
  if (!network) return network.error();
  pipeline.network = *network;
  auto spec = required_map(node, "spec", path + ".spec", file);
  if (!spec) return spec.error();
  const YAML::Node containers = child((*spec), "containers");
  if (!containers || !containers.IsSequence() || containers.size() == 0) {
    return make_error(location_of(*spec, file),
                      "\"" + path + ".spec.containers\" must list at least one container");
  }
  for (std::size_t i = 0; i < containers.size(); ++i) {
    auto container =
        parse_container(containers[i], path + ".spec.containers[" + std::to_string(i) + "]", file);
    if (!container) return container.error();
    pipeline.containers.push_back(std::move(*container));
  }
  if (Status volumes = parse_pipeline_volumes(*spec, path + ".spec", file, pipeline); !volumes)
    return volumes.error();
  if (Status job = parse_job_fields(*spec, path, file, pipeline); !job) return job.error();
  return pipeline;
}

}  // namespace

Result<std::vector<Pipeline>> parse_pipelines(const YAML::Node& list, const std::string& path,
                                              const std::string& file) {
  std::vector<Pipeline> pipelines;
  if (!list || list.IsNull()) return pipelines;
  if (!list.IsSequence()) {
    return make_error(location_of(list, file),
                      "\"" + path + "\" must be a list of Pipelines, found " + describe_node_type(list));
  }
  std::set<std::string> names;
  for (std::size_t i = 0; i < list.size(); ++i) {
    auto pipeline = parse_pipeline(list[i], path + "[" + std::to_string(i) + "]", file);
    if (!pipeline) return pipeline.error();
    if (!names.insert(pipeline->name).second) {
      return make_error(pipeline->where,
                        "pipeline name \"" + pipeline->name + "\" is used twice in \"" + path + "\"");
    }
    pipelines.push_back(std::move(*pipeline));
  }
  return pipelines;
}

}  // namespace ferry::pipeline

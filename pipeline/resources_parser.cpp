// parse_resources: one table of the resource names ferry maps, the quantities read with parse_quantity, and
// Kubernetes' own check that a request is not above its limit.
#include "pipeline/resources_parser.h"

#include <map>

#include "pipeline/quantity.h"

namespace ferry::pipeline {
namespace {

struct ResourceName {
  std::int64_t per_unit;  // 1000: millicores; 1: bytes
  std::optional<std::int64_t> ResourceAmounts::*field;
};

const std::map<std::string, ResourceName>& resource_names() {
  static const std::map<std::string, ResourceName> table = {
      {"cpu", {1000, &ResourceAmounts::cpu_millis}},
      {"memory", {1, &ResourceAmounts::memory_bytes}},
      {"ephemeral-storage", {1, &ResourceAmounts::ephemeral_storage_bytes}}};
  return table;
}

Result<ResourceAmounts> parse_amounts(const YAML::Node& resources, const char* key, const std::string& path,
                                      const std::string& file) {
  ResourceAmounts amounts;
  const YAML::Node map = child(resources, key);
  if (!map.IsDefined() || map.IsNull()) return amounts;
  if (!map.IsMap()) return make_error(location_of(map, file), "\"" + path + "\" must be a map");
  for (const auto& entry : map) {
    const std::string name = entry.first.Scalar();
    const std::string item = path + "." + name;
    const auto known = resource_names().find(name);
    if (known == resource_names().end()) {
      return make_error(location_of(entry.first, file),
                        "\"" + item +
                            "\" cannot be given outside Kubernetes (no device plugins, no hugepages): "
                            "only cpu, memory and ephemeral-storage can be set");
    }
    const std::string text = entry.second.IsScalar() ? entry.second.Scalar() : "";
    const std::optional<std::int64_t> value = parse_quantity(text, known->second.per_unit);
    if (!value) {
      return make_error(location_of(entry.second, file),
                        "\"" + item +
                            "\" must be a non-negative Kubernetes quantity such as 500m, 2, 128Mi or 1G; "
                            "found \"" +
                            text + "\"");
    }
    amounts.*(known->second.field) = *value;
  }
  return amounts;
}

// Kubernetes: "must be less than or equal to <name> limit".
Status check_request(const YAML::Node& resources, const std::optional<std::int64_t>& request,
                     const std::optional<std::int64_t>& limit, const char* name, const std::string& path,
                     const std::string& file) {
  if (!request || !limit || *request <= *limit) return ok();
  const YAML::Node limits = child(resources, "limits");
  return make_error(
      location_of(child(child(resources, "requests"), name), file),
      "\"" + path + ".requests." + name + "\" (" + child(child(resources, "requests"), name).Scalar() +
          ") must be less than or equal to the " + name + " limit (" + child(limits, name).Scalar() + ")");
}

}  // namespace

Result<Resources> parse_resources(const YAML::Node& container, const std::string& path,
                                  const std::string& file) {
  const std::string where = path + ".resources";
  const YAML::Node resources = child(container, "resources");
  if (!resources.IsDefined() || resources.IsNull()) return Resources{};
  if (!resources.IsMap()) return make_error(location_of(resources, file), "\"" + where + "\" must be a map");
  if (const YAML::Node claims = child(resources, "claims"); claims.IsDefined()) {
    return make_error(location_of(claims, file),
                      "\"" + where +
                          ".claims\" needs Kubernetes dynamic resource allocation, "
                          "which ferry does not have: remove it");
  }
  auto limits = parse_amounts(resources, "limits", where + ".limits", file);
  if (!limits) return limits.error();
  auto requests = parse_amounts(resources, "requests", where + ".requests", file);
  if (!requests) return requests.error();
  if (limits->memory_bytes && *limits->memory_bytes < kMinMemoryLimitBytes) {
    return make_error(location_of(child(child(resources, "limits"), "memory"), file),
                      "\"" + where +
                          ".limits.memory\" must be at least 6Mi: podman and docker refuse a smaller "
                          "memory limit");
  }
  for (const auto& [name, resource] : resource_names()) {
    if (Status fits = check_request(resources, (*requests).*(resource.field), (*limits).*(resource.field),
                                    name.c_str(), where, file);
        !fits)
      return fits.error();
  }
  return Resources{*limits, *requests};
}

}  // namespace ferry::pipeline

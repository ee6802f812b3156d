// The discovery documents of discovery.h, built from the served kinds.
#include "api/discovery.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "api/status_body.h"

namespace ferry::api {
namespace {

using Json = nlohmann::ordered_json;

Json resource_entry(const std::string& name, const std::string& singular, bool namespaced,
                    const std::string& kind, std::vector<std::string> verbs,
                    std::vector<std::string> short_names = {}) {
  Json entry = {{"name", name},
                {"singularName", singular},
                {"namespaced", namespaced},
                {"kind", kind},
                {"verbs", std::move(verbs)}};
  if (!short_names.empty()) entry["shortNames"] = std::move(short_names);
  return entry;
}

HttpResponse core_resources() {
  const std::vector<std::string> verbs = {"create", "delete", "get", "list", "patch", "update"};
  const Json list = {{"kind", "APIResourceList"},
                     {"groupVersion", "v1"},
                     {"resources",
                      {resource_entry("configmaps", "", true, "ConfigMap", verbs, {"cm"}),
                       resource_entry("secrets", "", true, "Secret", verbs)}}};
  return json_response(list.dump());
}

Json group_version(const ServedKind& kind) {
  return {{"groupVersion", kind.group + "/" + kind.version}, {"version", kind.version}};
}

// Several served kinds may share a group and version (the platform's Promises often do), so kinds are
// collected per group and version.
std::optional<HttpResponse> group_resources(const std::string& group, const std::string& version,
                                            const std::vector<ServedKind>& kinds) {
  Json resources = Json::array();
  for (const ServedKind& kind : kinds) {
    if (kind.group != group || kind.version != version) continue;
    // Requests are also created and deleted through the API (platform_request_writes.h); Promises are not.
    const bool promise = same_kind(kind, promise_kind());
    resources.push_back(resource_entry(kind.plural, kind.singular, kind.namespaced, kind.kind,
                                       promise
                                           ? std::vector<std::string>{"get", "list"}
                                           : std::vector<std::string>{"create", "delete", "get", "list"}));
    resources.push_back(
        resource_entry(kind.plural + "/status", "", kind.namespaced, kind.kind, {"get", "patch", "update"}));
  }
  if (resources.empty()) return std::nullopt;
  const Json list = {{"kind", "APIResourceList"},
                     {"apiVersion", "v1"},
                     {"groupVersion", group + "/" + version},
                     {"resources", resources}};
  return json_response(list.dump());
}

// One APIGroup entry per group, its versions in the order the kinds give them, the first preferred.
Json group_entries(const std::vector<ServedKind>& kinds, const std::string* only) {
  Json list = Json::array();
  for (const ServedKind& kind : kinds) {
    if (only != nullptr && kind.group != *only) continue;
    auto entry =
        std::find_if(list.begin(), list.end(), [&](const Json& e) { return e["name"] == kind.group; });
    if (entry == list.end()) {
      list.push_back(
          {{"name", kind.group}, {"versions", Json::array()}, {"preferredVersion", group_version(kind)}});
      entry = list.end() - 1;
    }
    Json& versions = (*entry)["versions"];
    if (std::find(versions.begin(), versions.end(), group_version(kind)) == versions.end())
      versions.push_back(group_version(kind));
  }
  return list;
}

std::optional<HttpResponse> groups(const std::vector<ServedKind>& kinds, const std::string* only) {
  const Json list = group_entries(kinds, only);
  if (only == nullptr)
    return json_response(Json{{"kind", "APIGroupList"}, {"apiVersion", "v1"}, {"groups", list}}.dump());
  if (list.empty()) return std::nullopt;
  Json group = {{"kind", "APIGroup"}, {"apiVersion", "v1"}};
  group.update(list.front());
  return json_response(group.dump());
}

HttpResponse version_document() {
  const Json version = {{"major", "1"},
                        {"minor", "20"},
                        {"gitVersion", std::string(kServedKubernetesVersion) + "+ferry"},
                        {"gitCommit", ""},
                        {"gitTreeState", ""},
                        {"buildDate", ""},
                        {"goVersion", ""},
                        {"compiler", ""},
                        {"platform", "linux/amd64"}};
  return json_response(version.dump());
}

}  // namespace

std::optional<HttpResponse> discovery_response(const std::vector<std::string>& segments,
                                               const std::vector<ServedKind>& kinds) {
  const std::size_t size = segments.size();
  if (size == 1 && segments[0] == "version") return version_document();
  if (size == 1 && segments[0] == "api")
    return json_response(Json{{"kind", "APIVersions"}, {"versions", {"v1"}}}.dump());
  if (size == 2 && segments[0] == "api" && segments[1] == "v1") return core_resources();
  if (size == 1 && segments[0] == "apis") return groups(kinds, nullptr);
  if (size == 2 && segments[0] == "apis") return groups(kinds, &segments[1]);
  if (size == 3 && segments[0] == "apis") return group_resources(segments[1], segments[2], kinds);
  return std::nullopt;
}

}  // namespace ferry::api

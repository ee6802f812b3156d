// parse_job_fields: jobOptions.backoffLimit as the Job API checks it, rbac.permissions as PolicyRules, and
// the fields with no meaning for ferry noted with their locations.
#include "pipeline/job_fields_parser.h"

#include <charconv>

namespace ferry::pipeline {
namespace {

constexpr const char* kInapplicable[] = {"nodeSelector", "tolerations", "restartPolicy", "rbac"};

// A Job's restartPolicy: Kubernetes refuses Always for a Job's Pod.
Status check_restart_policy(const YAML::Node& spec, const std::string& path, const std::string& file) {
  auto policy = optional_string(spec, "restartPolicy", path + ".spec.restartPolicy", file);
  if (!policy) return policy.error();
  if (!*policy || **policy == "OnFailure" || **policy == "Never") return ok();
  return make_error(location_of(child(spec, "restartPolicy"), file),
                    "\"" + path + ".spec.restartPolicy\" must be OnFailure or Never (a Job's Pod); found \"" +
                        **policy + "\"");
}

Result<int> backoff_limit(const YAML::Node& spec, const std::string& path, const std::string& file) {
  const YAML::Node node = child(child(spec, "jobOptions"), "backoffLimit");
  if (!node.IsDefined() || node.IsNull()) return 0;
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  int value = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 0) {
    return make_error(location_of(node, file),
                      "\"" + path +
                          ".spec.jobOptions.backoffLimit\" must be an integer of 0 or "
                          "more; found \"" +
                          text + "\"");
  }
  return value;
}

Result<std::vector<RbacPermission>> rbac_permissions(const YAML::Node& spec, const std::string& path,
                                                     const std::string& file) {
  std::vector<RbacPermission> permissions;
  const YAML::Node list = child(child(spec, "rbac"), "permissions");
  if (!list.IsDefined() || list.IsNull()) return permissions;
  const std::string where = path + ".spec.rbac.permissions";
  if (!list.IsSequence()) return make_error(location_of(list, file), "\"" + where + "\" must be a list");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string item = where + "[" + std::to_string(i) + "]";
    RbacPermission permission;
    permission.where = location_of(list[i], file);
    auto ns = optional_string(list[i], "resourceNamespace", item + ".resourceNamespace", file);
    if (!ns) return ns.error();
    permission.resource_namespace = ns->value_or("");
    const std::pair<const char*, std::vector<std::string> RbacPermission::*> lists[] = {
        {"apiGroups", &RbacPermission::api_groups},
        {"resources", &RbacPermission::resources},
        {"resourceNames", &RbacPermission::resource_names},
        {"verbs", &RbacPermission::verbs}};
    for (const auto& [key, field] : lists) {
      auto strings = optional_strings(list[i], key, item + "." + key, file);
      if (!strings) return strings.error();
      permission.*field = std::move(*strings);
    }
    permissions.push_back(std::move(permission));
  }
  return permissions;
}

}  // namespace

Status parse_job_fields(const YAML::Node& spec, const std::string& path, const std::string& file,
                        Pipeline& pipeline) {
  if (Status policy = check_restart_policy(spec, path, file); !policy) return policy;
  auto limit = backoff_limit(spec, path, file);
  if (!limit) return limit.error();
  pipeline.backoff_limit = *limit;
  auto permissions = rbac_permissions(spec, path, file);
  if (!permissions) return permissions.error();
  pipeline.rbac_permissions = std::move(*permissions);
  const YAML::Node account = child(child(spec, "rbac"), "serviceAccount");
  if (account.IsScalar()) pipeline.rbac_service_account = account.Scalar();
  // An empty value says nothing: the Kratix CLI writes `rbac: {}` and `jobOptions: {}` into every Pipeline.
  for (const char* name : kInapplicable) {
    const YAML::Node node = child(spec, name);
    const bool empty = !node.IsDefined() || node.IsNull() || (!node.IsScalar() && node.size() == 0) ||
                       (node.IsScalar() && node.Scalar().empty());
    if (!empty) pipeline.inapplicable_fields.push_back({name, location_of(node, file)});
  }
  return ok();
}

}  // namespace ferry::pipeline

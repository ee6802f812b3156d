// Kubernetes RBAC's rule matching (pkg/apis/rbac/v1/evaluation_helpers.go: VerbMatches, APIGroupMatches,
// ResourceMatches, ResourceNameMatches) over the permissions of permissions.h.
#include "api/permissions.h"

#include <algorithm>

#include "api/status_body.h"

namespace ferry::api {
namespace {

bool has(const std::vector<std::string>& values, const std::string& wanted) {
  return std::find(values.begin(), values.end(), wanted) != values.end();
}

bool resource_matches(const Permission& rule, const ResourceAttributes& request) {
  const std::string combined =
      request.subresource.empty() ? request.resource : request.resource + "/" + request.subresource;
  for (const std::string& resource : rule.resources) {
    if (resource == "*" || resource == combined) return true;
    if (!request.subresource.empty() && resource == "*/" + request.subresource) return true;
  }
  return false;
}

// resourceNames restrict a rule to named objects: a request without a name (list, create) is not allowed.
bool name_matches(const Permission& rule, const ResourceAttributes& request) {
  return rule.resource_names.empty() || (!request.name.empty() && has(rule.resource_names, request.name));
}

// A Role (or a RoleBinding to a ClusterRole) applies in its namespace only, never to cluster-scoped kinds or
// to every namespace at once; a ClusterRoleBinding applies everywhere.
bool scope_matches(const Permission& rule, const std::string& pipeline_namespace,
                   const std::string& request_namespace) {
  if (rule.scope == "*") return true;
  const std::string& bound = rule.scope.empty() ? pipeline_namespace : rule.scope;
  return !request_namespace.empty() && request_namespace == bound;
}

bool rule_allows(const Permission& rule, const std::string& pipeline_namespace,
                 const ResourceAttributes& request) {
  return (has(rule.verbs, "*") || has(rule.verbs, request.verb)) &&
         (has(rule.api_groups, "*") || has(rule.api_groups, request.group)) &&
         resource_matches(rule, request) && name_matches(rule, request) &&
         scope_matches(rule, pipeline_namespace, request.namespace_name);
}

}  // namespace

std::vector<Permission> always_granted(const PipelineAccess& access, const std::string& request_group,
                                       const std::string& request_plural,
                                       const std::string& request_namespace) {
  const std::vector<std::string> writes = {"get", "list", "update", "create", "patch"};
  if (access.workflow == WorkflowType::promise) {
    return {Permission{"*", {"platform.kratix.io"}, {"promises", "promises/status", "works"}, {}, writes}};
  }
  std::vector<Permission> granted = {
      Permission{"", {request_group}, {request_plural, request_plural + "/status"}, {}, writes},
      Permission{"", {"platform.kratix.io"}, {"works"}, {}, {"*"}}};
  if (request_namespace != access.namespace_name) {
    granted.push_back(
        Permission{"*", {request_group}, {request_plural, request_plural + "/status"}, {}, writes});
  }
  return granted;
}

bool allowed(const std::vector<Permission>& permissions, const std::string& pipeline_namespace,
             const ResourceAttributes& request) {
  return std::any_of(permissions.begin(), permissions.end(),
                     [&](const Permission& rule) { return rule_allows(rule, pipeline_namespace, request); });
}

std::string user_name(const PipelineAccess& access) {
  return "system:serviceaccount:" + access.namespace_name + ":" + access.service_account;
}

HttpResponse forbidden(const PipelineAccess& access, const ResourceAttributes& request) {
  const StatusSubject subject{request.group, request.resource, request.name};
  const std::string resource =
      request.subresource.empty() ? request.resource : request.resource + "/" + request.subresource;
  const std::string object =
      qualified_resource(subject) + (request.name.empty() ? "" : " \"" + request.name + "\"");
  const std::string where = request.namespace_name.empty()
                                ? "at the cluster scope"
                                : "in the namespace \"" + request.namespace_name + "\"";
  return status_response(403, "Forbidden",
                         object + " is forbidden: User \"" + user_name(access) + "\" cannot " + request.verb +
                             " resource \"" + resource + "\" in API group \"" + request.group + "\" " + where,
                         subject);
}

}  // namespace ferry::api

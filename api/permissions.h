// Authorisation as Kratix sets it up for a pipeline's service account (kratix-newer.md §6.1): the Pipeline's
// `rbac.permissions` plus the rules Kratix always grants its pipelines, checked with Kubernetes RBAC's
// matching rules. A request is allowed when one rule allows it; everything else is 403 with the API
// server's message.
#pragma once

#include <string>
#include <vector>

#include "api/http_exchange.h"

namespace ferry::api {

// One rbacv1.PolicyRule with where it applies: `scope` "" = a Role in the pipeline's namespace, a name = a
// RoleBinding in that namespace only, "*" = a ClusterRoleBinding (every namespace and cluster-scoped kinds).
struct Permission {
  std::string scope;
  std::vector<std::string> api_groups;
  std::vector<std::string> resources;  // "secrets", "redis/status", "*", "*/status"
  std::vector<std::string> resource_names;
  std::vector<std::string> verbs;
};

enum class WorkflowType { resource, promise };

// Who calls: the pipeline's service account and namespace, and what it may do.
struct PipelineAccess {
  std::string namespace_name;   // the pipeline's namespace (a resource workflow: its request's)
  std::string service_account;  // rbac.serviceAccount, else Kratix's ID <promise>-<type>-<action>-<pipeline>
  WorkflowType workflow = WorkflowType::resource;
  std::vector<Permission> permissions;  // rbac.permissions, in order
};

// What a request asks, as Kubernetes' RequestInfo: verb (get, list, watch, create, update, patch, delete,
// deletecollection), group ("" for core), resource, subresource, name, namespace ("" = cluster scope or
// every namespace).
struct ResourceAttributes {
  std::string verb;
  std::string group;
  std::string resource;
  std::string subresource;
  std::string name;
  std::string namespace_name;
};

// The rules Kratix always grants (§6.1): a resource workflow may get, list, update, create and patch
// `request_plural` and its status in `request_group` in the pipeline's namespace (everywhere when the
// request lives in another namespace) and do anything to works there; a promise workflow may get, list,
// update, create and patch promises, promises/status and works, cluster-wide.
std::vector<Permission> always_granted(const PipelineAccess& access, const std::string& request_group,
                                       const std::string& request_plural,
                                       const std::string& request_namespace);

// Whether one of `permissions` allows `request` for a pipeline in `pipeline_namespace`.
bool allowed(const std::vector<Permission>& permissions, const std::string& pipeline_namespace,
             const ResourceAttributes& request);

// "system:serviceaccount:<namespace>:<service account>".
std::string user_name(const PipelineAccess& access);

// 403: `secrets "db" is forbidden: User "system:serviceaccount:ns:sa" cannot get resource "secrets" in API
// group "" in the namespace "other"` (" at the cluster scope" without a namespace).
HttpResponse forbidden(const PipelineAccess& access, const ResourceAttributes& request);

}  // namespace ferry::api

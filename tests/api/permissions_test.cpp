// Authorisation (api/permissions.h): Kubernetes RBAC's matching of verbs, groups, resources, subresources,
// names and scopes, and the rules Kratix always grants a pipeline.
#include "api/permissions.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace ferry::api {
namespace {

ResourceAttributes ask(std::string verb, std::string group, std::string resource, std::string name,
                       std::string namespace_name, std::string subresource = "") {
  return ResourceAttributes{std::move(verb),        std::move(group), std::move(resource),
                            std::move(subresource), std::move(name),  std::move(namespace_name)};
}

TEST(ApiPermissions, ARoleAppliesInThePipelinesNamespaceOnly) {
  const std::vector<Permission> rules = {Permission{"", {""}, {"secrets"}, {}, {"get"}}};
  EXPECT_TRUE(allowed(rules, "team", ask("get", "", "secrets", "db", "team")));
  EXPECT_FALSE(allowed(rules, "team", ask("get", "", "secrets", "db", "other")));
  EXPECT_FALSE(allowed(rules, "team", ask("list", "", "secrets", "", "")));  // every namespace
  EXPECT_FALSE(allowed(rules, "team", ask("list", "", "secrets", "", "team")));
  EXPECT_FALSE(allowed(rules, "team", ask("get", "apps", "secrets", "db", "team")));
}

TEST(ApiPermissions, ANamedScopeIsThatNamespaceAndStarIsEverywhere) {
  const std::vector<Permission> named = {Permission{"awx", {""}, {"secrets"}, {}, {"get"}}};
  EXPECT_TRUE(allowed(named, "team", ask("get", "", "secrets", "db", "awx")));
  EXPECT_FALSE(allowed(named, "team", ask("get", "", "secrets", "db", "team")));
  const std::vector<Permission> everywhere = {Permission{"*", {"*"}, {"*"}, {}, {"*"}}};
  EXPECT_TRUE(allowed(everywhere, "team", ask("delete", "x.io", "things", "a", "any")));
  EXPECT_TRUE(allowed(everywhere, "team", ask("list", "platform.kratix.io", "promises", "", "")));
  EXPECT_TRUE(allowed(everywhere, "team", ask("patch", "x.io", "things", "a", "any", "status")));
}

TEST(ApiPermissions, ResourceNamesAllowOnlyNamedObjects) {
  const std::vector<Permission> rules = {
      Permission{"", {""}, {"configmaps"}, {"runtime-domain"}, {"get", "list"}}};
  EXPECT_TRUE(allowed(rules, "ns", ask("get", "", "configmaps", "runtime-domain", "ns")));
  EXPECT_FALSE(allowed(rules, "ns", ask("get", "", "configmaps", "other", "ns")));
  EXPECT_FALSE(allowed(rules, "ns", ask("list", "", "configmaps", "", "ns")));
}

TEST(ApiPermissions, SubresourcesNeedTheirOwnRuleOrAStar) {
  const std::vector<Permission> main_only = {Permission{"", {"x.io"}, {"things"}, {}, {"*"}}};
  EXPECT_FALSE(allowed(main_only, "ns", ask("patch", "x.io", "things", "a", "ns", "status")));
  const std::vector<Permission> any_status = {Permission{"", {"x.io"}, {"*/status"}, {}, {"patch"}}};
  EXPECT_TRUE(allowed(any_status, "ns", ask("patch", "x.io", "things", "a", "ns", "status")));
  EXPECT_FALSE(allowed(any_status, "ns", ask("patch", "x.io", "things", "a", "ns")));
}

TEST(ApiPermissions, KratixGrantsAResourceWorkflowItsKindAndStatus) {
  const PipelineAccess access{"team", "sa", WorkflowType::resource, {}};
  const std::vector<Permission> granted = always_granted(access, "x.io", "things", "team");
  for (const char* verb : {"get", "list", "update", "create", "patch"}) {
    EXPECT_TRUE(allowed(granted, "team", ask(verb, "x.io", "things", "a", "team"))) << verb;
    EXPECT_TRUE(allowed(granted, "team", ask(verb, "x.io", "things", "a", "team", "status"))) << verb;
  }
  EXPECT_FALSE(allowed(granted, "team", ask("delete", "x.io", "things", "a", "team")));
  EXPECT_FALSE(allowed(granted, "team", ask("get", "x.io", "things", "a", "other")));
  EXPECT_TRUE(allowed(granted, "team", ask("delete", "platform.kratix.io", "works", "w", "team")));
  EXPECT_FALSE(allowed(granted, "team", ask("get", "platform.kratix.io", "promises", "p", "")));
}

TEST(ApiPermissions, ARequestInAnotherNamespaceIsGrantedClusterWide) {
  const PipelineAccess access{"pipelines", "sa", WorkflowType::resource, {}};
  const std::vector<Permission> granted = always_granted(access, "x.io", "things", "team");
  EXPECT_TRUE(allowed(granted, "pipelines", ask("get", "x.io", "things", "a", "team")));
  EXPECT_TRUE(allowed(granted, "pipelines", ask("list", "x.io", "things", "", "")));
}

TEST(ApiPermissions, KratixGrantsAPromiseWorkflowPromisesClusterWide) {
  const PipelineAccess access{"kratix-platform-system", "sa", WorkflowType::promise, {}};
  const std::vector<Permission> granted = always_granted(access, "platform.kratix.io", "promises", "");
  EXPECT_TRUE(
      allowed(granted, "kratix-platform-system", ask("list", "platform.kratix.io", "promises", "", "")));
  EXPECT_TRUE(allowed(granted, "kratix-platform-system",
                      ask("patch", "platform.kratix.io", "promises", "p", "", "status")));
  EXPECT_FALSE(
      allowed(granted, "kratix-platform-system", ask("delete", "platform.kratix.io", "promises", "p", "")));
  EXPECT_FALSE(
      allowed(granted, "kratix-platform-system", ask("get", "", "secrets", "s", "kratix-platform-system")));
}

TEST(ApiPermissions, ForbiddenNamesTheUserVerbResourceAndScope) {
  const PipelineAccess access{"team", "sa", WorkflowType::resource, {}};
  const HttpResponse status = forbidden(access, ask("patch", "x.io", "things", "a", "team", "status"));
  EXPECT_EQ(status.code, 403);
  EXPECT_EQ(
      status.body,
      R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"things.x.io \"a\" is forbidden: )"
      R"(User \"system:serviceaccount:team:sa\" cannot patch resource \"things/status\" in API group \"x.io\" )"
      R"(in the namespace \"team\"","reason":"Forbidden","details":{"name":"a","group":"x.io","kind":"things"},"code":403})");
  const HttpResponse list = forbidden(access, ask("list", "", "secrets", "", ""));
  EXPECT_EQ(
      nlohmann::json::parse(list.body)["message"],
      "secrets is forbidden: User \"system:serviceaccount:team:sa\" cannot list resource \"secrets\" in API "
      "group \"\" at the cluster scope");
}

}  // namespace
}  // namespace ferry::api

// The platform's Promises and their requests through the router (api/pipeline_view.h's PlatformObjects):
// `kubectl get promises` lists every Promise, another Promise's requests are read by their kind under the
// Pipeline's rbac.permissions, discovery lists those kinds, and the processed object is served as it is now.
#include "tests/api/platform_fixture.h"

namespace ferry::api {
namespace {

TEST_F(ApiPlatformTest, GetPromisesListsEveryPromiseOfThePlatform) {
  platform_router_with({Permission{"*", {"platform.kratix.io"}, {"promises"}, {}, {"get", "list"}}});
  const nlohmann::json list =
      nlohmann::json::parse(call("GET", "/apis/platform.kratix.io/v1alpha1/promises").body);
  EXPECT_EQ(list["items"],
            nlohmann::json::array({FixedPlatformObjects::full_redis_promise(), postgres_promise()}));
  const HttpResponse other = call("GET", "/apis/platform.kratix.io/v1alpha1/promises/postgresql");
  EXPECT_EQ(other.code, 200);
  EXPECT_EQ(nlohmann::json::parse(other.body), postgres_promise());
  EXPECT_EQ(call("GET", "/apis/platform.kratix.io/v1alpha1/promises/mysql").code, 404);
}

TEST_F(ApiPlatformTest, AnotherPromisesRequestNeedsRbacPermissions) {
  platform_router_with({});
  const HttpResponse refused = call("GET", std::string(kPostgresPath) + "/db");
  EXPECT_EQ(refused.code, 403);
  EXPECT_NE(
      refused.body.find(R"(cannot get resource \"postgresqls\" in API group \"marketplace.kratix.io\")"),
      std::string::npos);
  platform_router_with({Permission{"", {"marketplace.kratix.io"}, {"postgresqls"}, {}, {"get", "list"}}});
  const HttpResponse read = call("GET", std::string(kPostgresPath) + "/db");
  EXPECT_EQ(read.code, 200);
  EXPECT_EQ(nlohmann::json::parse(read.body), postgres_request("db", "default"));
  const nlohmann::json list = nlohmann::json::parse(call("GET", kPostgresPath).body);
  EXPECT_EQ(list["kind"], "PostgresqlList");
  EXPECT_EQ(list["items"], nlohmann::json::array({postgres_request("db", "default")}));
  EXPECT_EQ(call("GET", std::string(kPostgresPath) + "/other").code, 404);
  EXPECT_EQ(call("GET", "/apis/marketplace.kratix.io/v1alpha1/namespaces/prod/postgresqls/db").code, 403);
}

TEST_F(ApiPlatformTest, AClusterWidePermissionListsTheRequestsOfEveryNamespace) {
  platform_router_with({Permission{"*", {"marketplace.kratix.io"}, {"postgresqls"}, {}, {"list"}}});
  const nlohmann::json list =
      nlohmann::json::parse(call("GET", "/apis/marketplace.kratix.io/v1alpha1/postgresqls").body);
  EXPECT_EQ(list["items"],
            nlohmann::json::array({postgres_request("db", "default"), postgres_request("db", "prod")}));
}

TEST_F(ApiPlatformTest, DiscoveryListsThePlatformsRequestKinds) {
  platform_router_with({});
  const nlohmann::json resources =
      nlohmann::json::parse(call("GET", "/apis/marketplace.kratix.io/v1alpha1").body)["resources"];
  std::vector<std::string> names;
  for (const nlohmann::json& resource : resources) names.push_back(resource["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"redis", "redis/status", "postgresqls", "postgresqls/status"}));
}

TEST_F(ApiPlatformTest, AGroupOfSeveralKindsIsListedOnce) {
  platform_router_with({});
  const nlohmann::json groups = nlohmann::json::parse(call("GET", "/apis").body)["groups"];
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[1]["name"], "marketplace.kratix.io");
  EXPECT_EQ(groups[1]["versions"].size(), 1u);
}

TEST_F(ApiPlatformTest, TheProcessedRequestIsServedWithItsStatusSoFar) {
  platform_router_with({});
  const HttpResponse read =
      call("GET", "/apis/marketplace.kratix.io/v1alpha1/namespaces/default/redis/cache");
  EXPECT_EQ(nlohmann::json::parse(read.body), redis_request());  // with status, which the loaded copy lacks
  EXPECT_EQ(nlohmann::json::parse(
                call("GET", "/apis/marketplace.kratix.io/v1alpha1/namespaces/default/redis").body)["items"]
                .size(),
            1u);
}

TEST_F(ApiPlatformTest, ThePromiseOfAResourceWorkflowIsThePlatformsWholePromise) {
  platform_router_with({Permission{"*", {"platform.kratix.io"}, {"promises"}, {}, {"get"}}});
  EXPECT_EQ(nlohmann::json::parse(call("GET", "/apis/platform.kratix.io/v1alpha1/promises/redis").body),
            FixedPlatformObjects::full_redis_promise());
}

TEST_F(ApiPlatformTest, AnotherPromisesRequestHasNoWritableStatus) {
  platform_router_with({Permission{"", {"marketplace.kratix.io"}, {"postgresqls/status"}, {}, {"patch"}}});
  EXPECT_EQ(call("PATCH", std::string(kPostgresPath) + "/db/status", R"({"status":{"a":1}})",
                 "application/merge-patch+json")
                .code,
            405);
}

}  // namespace
}  // namespace ferry::api

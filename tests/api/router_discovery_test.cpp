// The router's /version and discovery documents, and its answers to targets and methods it cannot serve.
#include "tests/api/api_fixture.h"

namespace ferry::api {
namespace {

TEST_F(ApiRouterTest, VersionSaysKubernetes120) {
  router_with({});
  const HttpResponse response = call("GET", "/version");
  EXPECT_EQ(response.code, 200);
  EXPECT_EQ(response.body,
            R"({"major":"1","minor":"20","gitVersion":"v1.20.0+ferry","gitCommit":"","gitTreeState":"",)"
            R"("buildDate":"","goVersion":"","compiler":"","platform":"linux/amd64"})");
}

TEST_F(ApiRouterTest, CoreDiscoveryListsSecretsAndConfigMaps) {
  router_with({});
  EXPECT_EQ(call("GET", "/api").body, R"({"kind":"APIVersions","versions":["v1"]})");
  EXPECT_EQ(call("GET", "/api/v1").body,
            R"({"kind":"APIResourceList","groupVersion":"v1","resources":[)"
            R"({"name":"configmaps","singularName":"","namespaced":true,"kind":"ConfigMap",)"
            R"("verbs":["create","delete","get","list","patch","update"],"shortNames":["cm"]},)"
            R"({"name":"secrets","singularName":"","namespaced":true,"kind":"Secret",)"
            R"("verbs":["create","delete","get","list","patch","update"]}]})");
}

TEST_F(ApiRouterTest, GroupDiscoveryListsPromiseAndTheRequestKind) {
  router_with({});
  EXPECT_EQ(
      call("GET", "/apis").body,
      R"({"kind":"APIGroupList","apiVersion":"v1","groups":[)"
      R"({"name":"platform.kratix.io","versions":[{"groupVersion":"platform.kratix.io/v1alpha1","version":"v1alpha1"}],)"
      R"("preferredVersion":{"groupVersion":"platform.kratix.io/v1alpha1","version":"v1alpha1"}},)"
      R"({"name":"marketplace.kratix.io","versions":[{"groupVersion":"marketplace.kratix.io/v1alpha1","version":"v1alpha1"}],)"
      R"("preferredVersion":{"groupVersion":"marketplace.kratix.io/v1alpha1","version":"v1alpha1"}}]})");
  EXPECT_EQ(
      call("GET", "/apis/marketplace.kratix.io/v1alpha1").body,
      R"({"kind":"APIResourceList","apiVersion":"v1","groupVersion":"marketplace.kratix.io/v1alpha1",)"
      R"("resources":[{"name":"redis","singularName":"redis","namespaced":true,"kind":"Redis","verbs":["create","delete","get","list"]},)"
      R"({"name":"redis/status","singularName":"","namespaced":true,"kind":"Redis","verbs":["get","patch","update"]}]})");
  const HttpResponse group = call("GET", "/apis/platform.kratix.io");
  EXPECT_EQ(group.code, 200);
  EXPECT_EQ(nlohmann::json::parse(group.body)["kind"], "APIGroup");
}

TEST_F(ApiRouterTest, APathServingNothingIs404WithKubernetesBody) {
  router_with({});
  for (const char* target : {"/apis/other.io/v1", "/apis/other.io", "/healthz", "/", "/api/v2"}) {
    const HttpResponse response = call("GET", target);
    EXPECT_EQ(response.code, 404) << target;
    EXPECT_EQ(
        response.body,
        R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",)"
        R"("message":"the server could not find the requested resource","reason":"NotFound","details":{},"code":404})")
        << target;
  }
}

TEST_F(ApiRouterTest, OpenApiIsAnEmptyProtobufDocument) {
  router_with({});
  const HttpResponse response = call("GET", "/openapi/v2");
  EXPECT_EQ(response.code, 200);
  EXPECT_EQ(response.content_type, "application/com.github.proto-openapi.spec.v2.v1.0+protobuf");
  EXPECT_EQ(response.body, "");
}

TEST_F(ApiRouterTest, AMalformedTargetIs400) {
  router_with({all_in_namespace()});
  for (const char* target :
       {"api/v1", "/api/v1/namespaces/default/secrets/%zz", "/api/v1/namespaces/../secrets",
        "/api/v1/namespaces/default/secrets/a%2fb", ""}) {
    const HttpResponse response = call("GET", target);
    EXPECT_EQ(response.code, 400) << target;
    EXPECT_EQ(nlohmann::json::parse(response.body)["reason"], "BadRequest") << target;
  }
}

TEST_F(ApiRouterTest, AMethodThatIsNoVerbIs405) {
  router_with({all_in_namespace()});
  const HttpResponse response = call("BREW", "/api/v1/namespaces/default/secrets/db");
  EXPECT_EQ(response.code, 405);
  EXPECT_EQ(response.body, R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",)"
                           R"("message":"the server does not allow this method on the requested resource",)"
                           R"("reason":"MethodNotAllowed","details":{},"code":405})");
  EXPECT_EQ(call("POST", "/version").code, 405);
}

TEST_F(ApiRouterTest, WatchAndDeleteCollectionAre405) {
  router_with({all_in_namespace()});
  EXPECT_EQ(call("GET", "/api/v1/namespaces/default/secrets?watch=true").code, 405);
  EXPECT_EQ(call("DELETE", "/api/v1/namespaces/default/secrets").code, 405);
}

TEST_F(ApiRouterTest, AnUnservedCoreResourceIs404WhenPermittedAnd403WhenNot) {
  router_with({Permission{"", {""}, {"pods"}, {}, {"get"}}});
  EXPECT_EQ(call("GET", "/api/v1/namespaces/default/pods/p").code, 404);
  EXPECT_EQ(call("GET", "/api/v1/namespaces/default/services/s").code, 403);
}

}  // namespace
}  // namespace ferry::api

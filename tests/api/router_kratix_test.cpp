// The request and its Promise through the router: get and list, the status subresource (merge patch and
// replace, handed to PipelineObjects), and the permissions Kratix always grants a pipeline.
#include "tests/api/api_fixture.h"

namespace ferry::api {
namespace {

constexpr const char* kRedisPath = "/apis/marketplace.kratix.io/v1alpha1/namespaces/default/redis";

TEST_F(ApiRouterTest, TheRequestIsReadableWithoutAnyRbacPermission) {
  router_with({});
  const HttpResponse response = call("GET", std::string(kRedisPath) + "/cache");
  EXPECT_EQ(response.code, 200);
  EXPECT_EQ(nlohmann::json::parse(response.body), redis_request());
  const nlohmann::json list = nlohmann::json::parse(call("GET", kRedisPath).body);
  EXPECT_EQ(list["kind"], "RedisList");
  EXPECT_EQ(list["apiVersion"], "marketplace.kratix.io/v1alpha1");
  EXPECT_EQ(list["items"], nlohmann::json::array({redis_request()}));
  EXPECT_EQ(
      nlohmann::json::parse(call("GET", std::string(kRedisPath) + "?labelSelector=team%3Db").body)["items"],
      nlohmann::json::array());
}

TEST_F(ApiRouterTest, AnotherRequestOfTheKindIs404WithItsGroup) {
  router_with({});
  const HttpResponse response = call("GET", std::string(kRedisPath) + "/other");
  EXPECT_EQ(response.code, 404);
  EXPECT_EQ(response.body,
            R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",)"
            R"("message":"redis.marketplace.kratix.io \"other\" not found","reason":"NotFound",)"
            R"("details":{"name":"other","group":"marketplace.kratix.io","kind":"redis"},"code":404})");
}

TEST_F(ApiRouterTest, TheRequestKindInAnotherNamespaceIsForbidden) {
  router_with({});
  const HttpResponse response =
      call("GET", "/apis/marketplace.kratix.io/v1alpha1/namespaces/prod/redis/cache");
  EXPECT_EQ(response.code, 403);
  EXPECT_NE(
      response.body.find(
          R"(cannot get resource \"redis\" in API group \"marketplace.kratix.io\" in the namespace \"prod\")"),
      std::string::npos);
}

TEST_F(ApiRouterTest, ThePromiseNeedsAClusterWidePermissionInAResourceWorkflow) {
  router_with({});
  const HttpResponse refused = call("GET", "/apis/platform.kratix.io/v1alpha1/promises/redis");
  EXPECT_EQ(refused.code, 403);
  EXPECT_NE(
      refused.body.find(
          R"(cannot get resource \"promises\" in API group \"platform.kratix.io\" at the cluster scope)"),
      std::string::npos);
  router_with({Permission{"*", {"platform.kratix.io"}, {"promises"}, {}, {"get", "list"}}});
  EXPECT_EQ(nlohmann::json::parse(call("GET", "/apis/platform.kratix.io/v1alpha1/promises/redis").body),
            redis_promise());
  EXPECT_EQ(
      nlohmann::json::parse(call("GET", "/apis/platform.kratix.io/v1alpha1/promises").body)["items"].size(),
      1u);
  EXPECT_EQ(call("GET", "/apis/platform.kratix.io/v1alpha1/namespaces/default/promises/redis").code, 404);
}

TEST_F(ApiRouterTest, StatusMergePatchGoesToTheCallersMerge) {
  router_with({});
  const HttpResponse response =
      call("PATCH", std::string(kRedisPath) + "/cache/status",
           R"({"status":{"connection":{"host":"h"},"message":"ready"}})", "application/merge-patch+json");
  EXPECT_EQ(response.code, 200);
  ASSERT_EQ(objects_.writes().size(), 1u);
  EXPECT_EQ(objects_.writes()[0].how, "merge");
  EXPECT_EQ(objects_.writes()[0].text, R"({"connection":{"host":"h"},"message":"ready"})");
  EXPECT_EQ(nlohmann::json::parse(response.body)["status"]["connection"]["host"], "h");
  EXPECT_EQ(
      nlohmann::json::parse(call("GET", std::string(kRedisPath) + "/cache/status").body)["status"]["message"],
      "ready");
}

TEST_F(ApiRouterTest, StatusReplaceTakesTheBodysStatus) {
  router_with({});
  const HttpResponse response = call("PUT", std::string(kRedisPath) + "/cache/status",
                                     R"({"apiVersion":"marketplace.kratix.io/v1alpha1","kind":"Redis",)"
                                     R"("metadata":{"name":"cache"},"status":{"a":1}})");
  EXPECT_EQ(response.code, 200);
  ASSERT_EQ(objects_.writes().size(), 1u);
  EXPECT_EQ(objects_.writes()[0].how, "replace");
  EXPECT_EQ(objects_.writes()[0].text, R"({"a":1})");
}

TEST_F(ApiRouterTest, StatusWritesTheMergeRefusesAre422) {
  router_with({});
  objects_.fail_next_write("a top-level \"kratix\" key is Kratix's own field");
  const HttpResponse response = call("PATCH", std::string(kRedisPath) + "/cache/status",
                                     R"({"status":{"kratix":{}}})", "application/merge-patch+json");
  EXPECT_EQ(response.code, 422);
  EXPECT_EQ(nlohmann::json::parse(response.body)["message"],
            "redis.marketplace.kratix.io \"cache\" is invalid: status: a top-level \"kratix\" key is "
            "Kratix's own field");
  EXPECT_EQ(call("PATCH", std::string(kRedisPath) + "/cache/status", R"({"status":[1]})",
                 "application/merge-patch+json")
                .code,
            422);
}

TEST_F(ApiRouterTest, StatusWritesOtherThanAMergePatchOfTheProcessedRequestAreRefused) {
  router_with({});
  const std::string status = std::string(kRedisPath) + "/cache/status";
  EXPECT_EQ(call("PATCH", status, R"({"status":{}})", "application/strategic-merge-patch+json").code, 415);
  EXPECT_EQ(call("PATCH", std::string(kRedisPath) + "/other/status", R"({"status":{}})",
                 "application/merge-patch+json")
                .code,
            404);
  EXPECT_EQ(
      call("PATCH", std::string(kRedisPath) + "/cache", R"({"spec":{}})", "application/merge-patch+json")
          .code,
      405);
  EXPECT_EQ(call("DELETE", std::string(kRedisPath) + "/cache").code, 403);  // not among Kratix's grants
  EXPECT_EQ(call("GET", std::string(kRedisPath) + "/cache/scale").code, 403);
  EXPECT_TRUE(objects_.writes().empty());
}

TEST_F(ApiRouterTest, APromiseWorkflowServesItsPromiseAndItsStatus) {
  PipelineView view;
  view.access =
      PipelineAccess{"kratix-platform-system", "redis-promise-configure-p", WorkflowType::promise, {}};
  view.object_kind = promise_kind();
  RecordingPipelineObjects promise_objects(redis_promise(), redis_promise());
  view.objects = &promise_objects;
  Router router(view);
  EXPECT_EQ(router.handle({"GET", "/apis/platform.kratix.io/v1alpha1/promises/redis", "", ""}).code, 200);
  const HttpResponse patched =
      router.handle({"PATCH", "/apis/platform.kratix.io/v1alpha1/promises/redis/status",
                     "application/merge-patch+json", R"({"status":{"x":"y"}})"});
  EXPECT_EQ(patched.code, 200);
  ASSERT_EQ(promise_objects.writes().size(), 1u);
  EXPECT_EQ(router.handle({"GET", "/apis/marketplace.kratix.io/v1alpha1", "", ""}).code, 404);
}

}  // namespace
}  // namespace ferry::api

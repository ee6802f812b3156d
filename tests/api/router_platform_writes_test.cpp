// Requests of the platform's Promises created and deleted through the router (api/platform_request_writes.h):
// the body checked against the URL as the API server checks a custom resource, the write handed to the
// caller's PipelineObjects (the recording fake), and Kubernetes' codes for what cannot be written.
#include "tests/api/platform_fixture.h"

namespace ferry::api {
namespace {

Permission postgres_writes() {
  return Permission{"", {"marketplace.kratix.io"}, {"postgresqls"}, {}, {"create", "delete", "get"}};
}

TEST_F(ApiPlatformTest, ACreatedRequestIsHandedToTheRunWithItsNamespaceAndWithoutStatus) {
  platform_router_with({postgres_writes()});
  const HttpResponse created = call(
      "POST", kPostgresPath,
      R"({"apiVersion":"marketplace.kratix.io/v1alpha1","kind":"Postgresql","metadata":{"name":"claims"},)"
      R"("spec":{"teamId":"b"},"status":{"ready":true}})");
  EXPECT_EQ(created.code, 201);
  ASSERT_EQ(objects_.writes().size(), 1u);
  EXPECT_EQ(objects_.writes()[0].how, "create postgresqls");
  const nlohmann::json expected = {{"apiVersion", "marketplace.kratix.io/v1alpha1"},
                                   {"kind", "Postgresql"},
                                   {"metadata", {{"name", "claims"}, {"namespace", "default"}}},
                                   {"spec", {{"teamId", "b"}}}};
  EXPECT_EQ(nlohmann::json::parse(objects_.writes()[0].text), expected);
  EXPECT_EQ(nlohmann::json::parse(created.body), expected);
}

TEST_F(ApiPlatformTest, CreatingARequestNeedsTheCreateVerb) {
  platform_router_with({Permission{"", {"marketplace.kratix.io"}, {"postgresqls"}, {}, {"get"}}});
  const HttpResponse refused = call("POST", kPostgresPath, R"({"metadata":{"name":"claims"}})");
  EXPECT_EQ(refused.code, 403);
  EXPECT_NE(refused.body.find(R"(cannot create resource \"postgresqls\")"), std::string::npos);
  EXPECT_TRUE(objects_.writes().empty());
}

TEST_F(ApiPlatformTest, AnExistingNameIs409) {
  platform_router_with({postgres_writes()});
  const HttpResponse refused = call("POST", kPostgresPath, R"({"metadata":{"name":"db"}})");
  EXPECT_EQ(refused.code, 409);
  EXPECT_NE(refused.body.find(R"(postgresqls.marketplace.kratix.io \"db\" already exists)"),
            std::string::npos);
  EXPECT_TRUE(objects_.writes().empty());
}

TEST_F(ApiPlatformTest, ASchemaRefusalIs422WithItsMessage) {
  platform_router_with({postgres_writes()});
  objects_.fail_next_write("spec.teamId: Required value");
  const HttpResponse refused = call("POST", kPostgresPath, R"({"metadata":{"name":"claims"},"spec":{}})");
  EXPECT_EQ(refused.code, 422);
  EXPECT_EQ(
      refused.body,
      R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",)"
      R"("message":"Postgresql.marketplace.kratix.io \"claims\" is invalid: spec.teamId: Required value",)"
      R"("reason":"Invalid","details":{"name":"claims","group":"marketplace.kratix.io","kind":"postgresqls"},)"
      R"("code":422})");
}

TEST_F(ApiPlatformTest, ABodyThatDisagreesWithTheUrlIs400) {
  platform_router_with({postgres_writes()});
  EXPECT_EQ(call("POST", kPostgresPath, R"({"metadata":{"name":"a","namespace":"prod"}})").code, 400);
  EXPECT_EQ(call("POST", kPostgresPath, R"({"kind":"Redis","metadata":{"name":"a"}})").code, 400);
  EXPECT_EQ(call("POST", kPostgresPath, R"({"apiVersion":"v1","metadata":{"name":"a"}})").code, 400);
  EXPECT_EQ(call("POST", kPostgresPath, "[]").code, 400);
  EXPECT_EQ(call("POST", kPostgresPath, R"({"metadata":{}})").code, 422);
  EXPECT_TRUE(objects_.writes().empty());
}

TEST_F(ApiPlatformTest, WritesOfKindsNoPromiseServesAre404AndOfPromises405) {
  platform_router_with({Permission{"*", {"*"}, {"*"}, {}, {"*"}}});
  EXPECT_EQ(call("POST", "/apis/marketplace.kratix.io/v1alpha1/namespaces/default/mysqls",
                 R"({"metadata":{"name":"a"}})")
                .code,
            404);
  EXPECT_EQ(call("POST", "/apis/platform.kratix.io/v1alpha1/promises", R"({"metadata":{"name":"a"}})").code,
            405);
  EXPECT_EQ(call("DELETE", "/apis/platform.kratix.io/v1alpha1/promises/postgresql").code, 405);
  EXPECT_EQ(call("PUT", std::string(kPostgresPath) + "/db", R"({"metadata":{"name":"db"}})").code, 405);
  EXPECT_TRUE(objects_.writes().empty());
}

TEST_F(ApiPlatformTest, ADeletedRequestIsHandedToTheRun) {
  platform_router_with({postgres_writes()});
  const HttpResponse deleted = call("DELETE", std::string(kPostgresPath) + "/db");
  EXPECT_EQ(deleted.code, 200);
  EXPECT_EQ(nlohmann::json::parse(deleted.body)["status"], "Success");
  ASSERT_EQ(objects_.writes().size(), 1u);
  EXPECT_EQ(objects_.writes()[0].how, "delete postgresqls");
  EXPECT_EQ(objects_.writes()[0].text, "default/db");
  EXPECT_EQ(call("DELETE", std::string(kPostgresPath) + "/missing").code, 404);
  EXPECT_EQ(objects_.writes().size(), 1u);
}

TEST_F(ApiPlatformTest, ADeletionTheRunRefusesIs405WithItsReason) {
  platform_router_with({postgres_writes()});
  objects_.fail_next_write("declared in the platform's files");
  const HttpResponse refused = call("DELETE", std::string(kPostgresPath) + "/db");
  EXPECT_EQ(refused.code, 405);
  EXPECT_NE(refused.body.find("declared in the platform's files"), std::string::npos);
}

TEST_F(ApiPlatformTest, ServerSideDryRunOfACreateIsRefused) {
  platform_router_with({postgres_writes()});
  EXPECT_EQ(call("POST", std::string(kPostgresPath) + "?dryRun=All", R"({"metadata":{"name":"a"}})").code,
            400);
  EXPECT_TRUE(objects_.writes().empty());
}

}  // namespace
}  // namespace ferry::api

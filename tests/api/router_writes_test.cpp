// Writes of Secrets and ConfigMaps through the router, as kubectl makes them: create (POST), apply's
// strategic merge patch, replace (PUT) with resourceVersion, delete; checked on the files themselves.
#include "api/object_directory.h"
#include "tests/api/api_fixture.h"

namespace ferry::api {
namespace {

using testing::read_file;
using testing::write_file;

constexpr const char* kSecretsPath = "/api/v1/namespaces/default/secrets";

TEST_F(ApiRouterTest, CreateWritesTheKeysAsFilesAndAnswers201) {
  router_with({all_in_namespace()});
  const HttpResponse response =
      call("POST", kSecretsPath,
           R"({"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","labels":{"app":"x"}},)"
           R"("data":{"password":"czNjcmV0"},"stringData":{"user":"admin"}})");
  EXPECT_EQ(response.code, 201);
  EXPECT_EQ(read_file(secrets_.path() / "db" / "password"), "s3cret");
  EXPECT_EQ(read_file(secrets_.path() / "db" / "user"), "admin");
  const auto mode = std::filesystem::status(secrets_.path() / "db" / "password").permissions();
  EXPECT_EQ(mode, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const nlohmann::json body = nlohmann::json::parse(response.body);
  EXPECT_EQ(body["metadata"]["creationTimestamp"], "2026-11-26T10:00:00Z");
  EXPECT_EQ(body["metadata"]["labels"]["app"], "x");
  EXPECT_FALSE(body.contains("stringData"));
  const nlohmann::json read = nlohmann::json::parse(call("GET", std::string(kSecretsPath) + "/db").body);
  EXPECT_EQ(read, body);
}

TEST_F(ApiRouterTest, CreatingAnExistingSecretIs409AlreadyExists) {
  router_with({all_in_namespace()});
  write_file(secrets_.path() / "db" / "password", "old");
  const HttpResponse response = call("POST", kSecretsPath, R"({"metadata":{"name":"db"},"data":{}})");
  EXPECT_EQ(response.code, 409);
  EXPECT_EQ(
      response.body,
      R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"secrets \"db\" already exists",)"
      R"("reason":"AlreadyExists","details":{"name":"db","kind":"secrets"},"code":409})");
  EXPECT_EQ(read_file(secrets_.path() / "db" / "password"), "old");
}

TEST_F(ApiRouterTest, BadBodiesAre400Or422AndWriteNothing) {
  router_with({all_in_namespace()});
  const std::pair<const char*, int> bodies[] = {
      {"not json", 400},
      {R"({"apiVersion":"v2","metadata":{"name":"db"}})", 400},
      {R"({"metadata":{"name":"db","namespace":"other"}})", 400},
      {R"({"metadata":{"name":"db"},"data":{"k":"not base64!"}})", 400},
      {R"({"metadata":{"name":"db"},"data":"text"})", 400},
      {R"({"metadata":{"name":"Db"}})", 422},
      {R"({"metadata":{}})", 422},
      {R"({"metadata":{"name":"db"},"data":{"..x":"eA=="}})", 422},
      {R"({"metadata":{"name":"db"},"data":{"a/b":"eA=="}})", 422}};
  for (const auto& [body, code] : bodies) {
    EXPECT_EQ(call("POST", kSecretsPath, body).code, code) << body;
  }
  EXPECT_TRUE(std::filesystem::is_empty(secrets_.path()));
  const std::string deep = std::string(100, '[') + std::string(100, ']');
  EXPECT_EQ(call("POST", kSecretsPath, deep).body.find("nests deeper than 64 levels") != std::string::npos,
            true);
}

TEST_F(ApiRouterTest, StrategicMergePatchAsKubectlApplySendsIt) {
  router_with({all_in_namespace()});
  write_file(secrets_.path() / "db" / "password", "old");
  write_file(secrets_.path() / "db" / "user", "admin");
  const HttpResponse response = call(
      "PATCH", std::string(kSecretsPath) + "/db",
      R"({"data":{"password":"bmV3","user":null},"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{}"}}})",
      "application/strategic-merge-patch+json");
  EXPECT_EQ(response.code, 200);
  EXPECT_EQ(read_file(secrets_.path() / "db" / "password"), "new");
  EXPECT_FALSE(std::filesystem::exists(secrets_.path() / "db" / "user"));
  const nlohmann::json body = nlohmann::json::parse(response.body);
  EXPECT_EQ(body["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"], "{}");
}

TEST_F(ApiRouterTest, PatchesFerryDoesNotMergeAreRefused) {
  router_with({all_in_namespace()});
  write_file(secrets_.path() / "db" / "password", "old");
  const std::string path = std::string(kSecretsPath) + "/db";
  EXPECT_EQ(call("PATCH", path, R"([{"op":"remove","path":"/data"}])", "application/json-patch+json").code,
            415);
  EXPECT_EQ(call("PATCH", path, "{}", "application/apply-patch+yaml").code, 415);
  const HttpResponse directive =
      call("PATCH", path, R"({"data":{"$patch":"replace"}})", "application/strategic-merge-patch+json");
  EXPECT_EQ(directive.code, 400);
  EXPECT_NE(directive.body.find("directive $patch is not supported"), std::string::npos);
  EXPECT_EQ(call("PATCH", std::string(kSecretsPath) + "/missing", "{}", "application/merge-patch+json").code,
            404);
  EXPECT_EQ(read_file(secrets_.path() / "db" / "password"), "old");
}

TEST_F(ApiRouterTest, ReplaceWithAStaleResourceVersionIs409Conflict) {
  router_with({all_in_namespace()});
  write_file(secrets_.path() / "db" / "password", "old");
  const std::string path = std::string(kSecretsPath) + "/db";
  const std::string version =
      nlohmann::json::parse(call("GET", path).body)["metadata"]["resourceVersion"].get<std::string>();
  const std::string replacement =
      R"({"metadata":{"name":"db","resourceVersion":")" + version + R"("},"data":{"password":"bmV3"}})";
  EXPECT_EQ(call("PUT", path, replacement).code, 200);
  EXPECT_EQ(read_file(secrets_.path() / "db" / "password"), "new");
  const HttpResponse stale = call("PUT", path, replacement);  // the version it names is gone
  EXPECT_EQ(stale.code, 409);
  EXPECT_EQ(nlohmann::json::parse(stale.body)["reason"], "Conflict");
  EXPECT_EQ(call("PUT", std::string(kSecretsPath) + "/other", R"({"metadata":{"name":"db"}})").code, 400);
  EXPECT_EQ(call("PUT", std::string(kSecretsPath) + "/missing", R"({"metadata":{"name":"missing"}})").code,
            404);
}

TEST_F(ApiRouterTest, DeleteRemovesTheDirectoryAndAnswersSuccess) {
  router_with({all_in_namespace()});
  write_file(secrets_.path() / "db" / "password", "old");
  const HttpResponse response = call("DELETE", std::string(kSecretsPath) + "/db");
  EXPECT_EQ(response.code, 200);
  EXPECT_EQ(
      response.body,
      R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","details":{"name":"db","kind":"secrets"}})");
  EXPECT_TRUE(std::filesystem::is_empty(secrets_.path()));
  EXPECT_EQ(call("DELETE", std::string(kSecretsPath) + "/db").code, 404);
}

TEST_F(ApiRouterTest, AWriteTheRulesDoNotGrantIs403AndChangesNothing) {
  router_with({Permission{"", {""}, {"secrets"}, {}, {"get", "list"}}});
  write_file(secrets_.path() / "db" / "password", "old");
  const HttpResponse response = call("DELETE", std::string(kSecretsPath) + "/db");
  EXPECT_EQ(response.code, 403);
  EXPECT_NE(response.body.find(R"(cannot delete resource \"secrets\")"), std::string::npos);
  EXPECT_EQ(read_file(secrets_.path() / "db" / "password"), "old");
}

TEST_F(ApiRouterTest, ServerSideDryRunIsRefused) {
  router_with({all_in_namespace()});
  const HttpResponse response =
      call("POST", std::string(kSecretsPath) + "?dryRun=All", R"({"metadata":{"name":"db"}})");
  EXPECT_EQ(response.code, 400);
  EXPECT_NE(response.body.find("does not run server-side dry runs (dryRun=All); use --dry-run=client"),
            std::string::npos);
  EXPECT_TRUE(std::filesystem::is_empty(secrets_.path()));
}

TEST_F(ApiRouterTest, AConfigMapInAnotherNamespaceIsWrittenUnderNamespaces) {
  router_with({Permission{"tools", {""}, {"configmaps"}, {}, {"create", "get"}}});
  const HttpResponse response = call("POST", "/api/v1/namespaces/tools/configmaps",
                                     R"({"metadata":{"name":"domain"},"data":{"host":"example.com"}})");
  EXPECT_EQ(response.code, 201);
  EXPECT_EQ(read_file(config_maps_.path() / kNamespacesFolder / "tools" / "domain" / "host"), "example.com");
  EXPECT_FALSE(std::filesystem::exists(config_maps_.path() / "domain"));
}

}  // namespace
}  // namespace ferry::api

// GET and LIST of Secrets and ConfigMaps through the router: the JSON Kubernetes sends, 404 and 403 bodies,
// the flat layout of --secrets-dir for the pipeline's namespace and .namespaces/ for others.
#include "api/object_directory.h"
#include "tests/api/api_fixture.h"

namespace ferry::api {
namespace {

using testing::write_file;

TEST_F(ApiRouterTest, GetSecretFromTheFlatLayoutIsKubernetesJson) {
  router_with({all_in_namespace()});
  write_file(secrets_.path() / "db" / "password", "s3cret");
  write_file(secrets_.path() / "db" / kMetadataFile, R"({"creationTimestamp":"2026-11-01T00:00:00Z"})");
  const HttpResponse response = call("GET", "/api/v1/namespaces/default/secrets/db");
  EXPECT_EQ(response.code, 200);
  const nlohmann::json body = nlohmann::json::parse(response.body);
  EXPECT_EQ(body["kind"], "Secret");
  EXPECT_EQ(body["apiVersion"], "v1");
  EXPECT_EQ(body["metadata"]["name"], "db");
  EXPECT_EQ(body["metadata"]["namespace"], "default");
  EXPECT_EQ(body["metadata"]["creationTimestamp"], "2026-11-01T00:00:00Z");
  EXPECT_EQ(body["data"], nlohmann::json({{"password", "czNjcmV0"}}));
  EXPECT_EQ(body["type"], "Opaque");
  EXPECT_EQ(body["metadata"]["uid"].get<std::string>().size(), 36u);
  EXPECT_FALSE(body["metadata"]["resourceVersion"].get<std::string>().empty());
}

TEST_F(ApiRouterTest, AMissingSecretIs404NamingIt) {
  router_with({all_in_namespace()});
  const HttpResponse response = call("GET", "/api/v1/namespaces/default/secrets/missing");
  EXPECT_EQ(response.code, 404);
  EXPECT_EQ(
      response.body,
      R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"secrets \"missing\" not found",)"
      R"("reason":"NotFound","details":{"name":"missing","kind":"secrets"},"code":404})");
}

TEST_F(ApiRouterTest, ASecretWithoutPermissionIs403WithTheApiServersMessage) {
  router_with({Permission{"", {""}, {"configmaps"}, {}, {"get"}}});
  write_file(secrets_.path() / "db" / "password", "s3cret");
  const HttpResponse response = call("GET", "/api/v1/namespaces/default/secrets/db");
  EXPECT_EQ(response.code, 403);
  EXPECT_EQ(
      response.body,
      R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"secrets \"db\" is forbidden: )"
      R"(User \"system:serviceaccount:default:redis-resource-configure-instance\" cannot get resource \"secrets\" )"
      R"(in API group \"\" in the namespace \"default\"","reason":"Forbidden","details":{"name":"db","kind":"secrets"},"code":403})");
  EXPECT_EQ(response.body.find("s3cret"), std::string::npos);
}

TEST_F(ApiRouterTest, AnotherNamespacesSecretIs403UnlessItsNamespaceIsGranted) {
  write_file(secrets_.path() / kNamespacesFolder / "awx" / "token" / "value", "t0ken");
  router_with({all_in_namespace()});
  const HttpResponse refused = call("GET", "/api/v1/namespaces/awx/secrets/token");
  EXPECT_EQ(refused.code, 403);
  EXPECT_NE(
      refused.body.find(R"(cannot get resource \"secrets\" in API group \"\" in the namespace \"awx\")"),
      std::string::npos);
  router_with({Permission{"awx", {""}, {"secrets"}, {"token"}, {"get"}}});
  const HttpResponse granted = call("GET", "/api/v1/namespaces/awx/secrets/token");
  EXPECT_EQ(granted.code, 200);
  EXPECT_EQ(nlohmann::json::parse(granted.body)["data"]["value"], "dDBrZW4=");
  EXPECT_EQ(call("GET", "/api/v1/namespaces/default/secrets/token").code, 403);  // granted in awx only
}

TEST_F(ApiRouterTest, ListFiltersByLabelSelector) {
  router_with({all_in_namespace()});
  write_file(config_maps_.path() / "blue" / "colour", "blue");
  write_file(config_maps_.path() / "blue" / kMetadataFile, R"({"labels":{"tier":"front"}})");
  write_file(config_maps_.path() / "red" / "colour", "red");
  write_file(config_maps_.path() / "red" / kMetadataFile, R"({"labels":{"tier":"back"}})");
  const HttpResponse all = call("GET", "/api/v1/namespaces/default/configmaps");
  EXPECT_EQ(all.code, 200);
  const nlohmann::json list = nlohmann::json::parse(all.body);
  EXPECT_EQ(list["kind"], "ConfigMapList");
  ASSERT_EQ(list["items"].size(), 2u);
  EXPECT_EQ(list["items"][0]["metadata"]["name"], "blue");
  EXPECT_EQ(list["items"][0]["data"]["colour"], "blue");
  const HttpResponse front = call("GET", "/api/v1/namespaces/default/configmaps?labelSelector=tier%3Dfront");
  const nlohmann::json filtered = nlohmann::json::parse(front.body);
  ASSERT_EQ(filtered["items"].size(), 1u);
  EXPECT_EQ(filtered["items"][0]["metadata"]["labels"]["tier"], "front");
  EXPECT_EQ(call("GET", "/api/v1/namespaces/default/configmaps?labelSelector=tier+in+(x").code, 400);
}

// kubectl 1.20's `delete` waits for the object to go by listing with fieldSelector=metadata.name=NAME.
TEST_F(ApiRouterTest, AListFiltersByNameAndNamespaceFieldsOnly) {
  write_file(config_maps_.path() / "blue" / "colour", "blue");
  write_file(config_maps_.path() / "red" / "colour", "red");
  router_with({all_in_namespace()});
  const auto names = [&](const std::string& query) {
    const HttpResponse response = call("GET", "/api/v1/namespaces/default/configmaps?" + query);
    EXPECT_EQ(response.code, 200) << response.body;
    std::vector<std::string> found;
    const nlohmann::json list = nlohmann::json::parse(response.body);
    for (const auto& item : list["items"]) found.push_back(item["metadata"]["name"]);
    return found;
  };
  EXPECT_EQ(names("fieldSelector=metadata.name%3Dred"), std::vector<std::string>{"red"});
  EXPECT_EQ(names("fieldSelector=metadata.name%21%3Dred"), std::vector<std::string>{"blue"});
  EXPECT_EQ(names("fieldSelector=metadata.name%3D%3Dgone"), std::vector<std::string>{});
  EXPECT_EQ(names("fieldSelector=metadata.namespace%3Ddefault,metadata.name%3Dblue"),
            std::vector<std::string>{"blue"});
  const HttpResponse other =
      call("GET", "/api/v1/namespaces/default/configmaps?fieldSelector=data.colour%3Dred");
  EXPECT_EQ(other.code, 400);
  EXPECT_EQ(nlohmann::json::parse(other.body)["message"], "field label not supported: data.colour");
  EXPECT_EQ(call("GET", "/api/v1/namespaces/default/configmaps?fieldSelector=nonsense").code, 400);
}

TEST_F(ApiRouterTest, ListOfEveryNamespaceNeedsAClusterWidePermission) {
  write_file(secrets_.path() / "db" / "password", "a");
  write_file(secrets_.path() / kNamespacesFolder / "awx" / "token" / "value", "b");
  router_with({all_in_namespace()});
  EXPECT_EQ(call("GET", "/api/v1/secrets").code, 403);
  router_with({Permission{"*", {""}, {"secrets"}, {}, {"list"}}});
  const nlohmann::json list = nlohmann::json::parse(call("GET", "/api/v1/secrets").body);
  ASSERT_EQ(list["items"].size(), 2u);
  EXPECT_EQ(list["items"][0]["metadata"]["namespace"], "awx");
  EXPECT_EQ(list["items"][1]["metadata"]["namespace"], "default");
}

TEST_F(ApiRouterTest, AConfigMapValueThatIsNotUtf8IsBinaryData) {
  router_with({all_in_namespace()});
  write_file(config_maps_.path() / "bin" / "blob", std::string("\xff\x00\x01", 3));
  write_file(config_maps_.path() / "bin" / "text", "plain");
  const nlohmann::json body =
      nlohmann::json::parse(call("GET", "/api/v1/namespaces/default/configmaps/bin").body);
  EXPECT_EQ(body["data"], nlohmann::json({{"text", "plain"}}));
  EXPECT_EQ(body["binaryData"], nlohmann::json({{"blob", "/wAB"}}));
}

TEST_F(ApiRouterTest, FilesThatAreNoKeysAreNotData) {
  router_with({all_in_namespace()});
  write_file(secrets_.path() / "db" / "password", "x");
  write_file(secrets_.path() / "db" / "..data", "volume internals");
  write_file(secrets_.path() / "db" / "sub" / "file", "a directory");
  const nlohmann::json body =
      nlohmann::json::parse(call("GET", "/api/v1/namespaces/default/secrets/db").body);
  EXPECT_EQ(body["data"], nlohmann::json({{"password", "eA=="}}));
}

TEST_F(ApiRouterTest, NoSecretsDirServesNoSecrets) {
  router_with({all_in_namespace()});
  PipelineView view = router_->view();
  view.secrets_dir.clear();
  Router bare(view);
  EXPECT_EQ(bare.handle({"GET", "/api/v1/namespaces/default/secrets/db", "", ""}).code, 404);
  const HttpResponse write = bare.handle(
      {"POST", "/api/v1/namespaces/default/secrets", "application/json", R"({"metadata":{"name":"db"}})"});
  EXPECT_EQ(write.code, 405);
  EXPECT_NE(write.body.find("start it with --secrets-dir DIR"), std::string::npos);
}

}  // namespace
}  // namespace ferry::api

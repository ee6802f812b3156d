// The small parsers of api/: request targets, labelSelector queries, base64, merge patches and the
// request's verb and attributes.
#include <gtest/gtest.h>

#include "api/base64.h"
#include "api/http_exchange.h"
#include "api/merge_patch.h"
#include "api/request_info.h"
#include "api/selector_query.h"

namespace ferry::api {
namespace {

TEST(ApiTarget, SegmentsAndQueryAreDecoded) {
  auto target = parse_target("/api/v1/namespaces/a%2Db/secrets?labelSelector=app%3Dx%2Cenv+in+(a)&watch=1");
  ASSERT_TRUE(target);
  EXPECT_EQ(target->segments, (std::vector<std::string>{"api", "v1", "namespaces", "a-b", "secrets"}));
  EXPECT_EQ(target->query.at("labelSelector"), "app=x,env in (a)");
  EXPECT_EQ(target->query.at("watch"), "1");
  EXPECT_EQ(parse_target("/%4").error().message, "invalid percent escape in the request's target");
  EXPECT_EQ(parse_target("/a/%2e%2e/b").error().message, "the request's path may not hold . or ..");
}

TEST(ApiRequestInfo, VerbsAndPartsAsKubernetesReadsThem) {
  const auto info = [](const std::string& method, const std::string& path) {
    return resource_request(method, parse_target(path).value());
  };
  const auto get = info("GET", "/apis/x.io/v1/namespaces/ns/things/a/status");
  ASSERT_TRUE(get);
  EXPECT_EQ(get->attributes.verb, "get");
  EXPECT_EQ(get->attributes.group, "x.io");
  EXPECT_EQ(get->version, "v1");
  EXPECT_EQ(get->attributes.namespace_name, "ns");
  EXPECT_EQ(get->attributes.resource, "things");
  EXPECT_EQ(get->attributes.name, "a");
  EXPECT_EQ(get->attributes.subresource, "status");
  EXPECT_EQ(info("GET", "/api/v1/secrets")->attributes.verb, "list");
  EXPECT_EQ(info("GET", "/api/v1/secrets?watch=true")->attributes.verb, "watch");
  EXPECT_EQ(info("DELETE", "/api/v1/namespaces/ns/secrets")->attributes.verb, "deletecollection");
  EXPECT_EQ(info("GET", "/api/v1/namespaces/ns")->attributes.resource, "namespaces");
  EXPECT_FALSE(info("GET", "/api/v1/namespaces/ns/secrets/a/b/c"));
  EXPECT_FALSE(info("TRACE", "/api/v1/secrets"));
  EXPECT_EQ(audit_verb("PATCH", "/api/v1/namespaces/ns/secrets/a"), "patch");
  EXPECT_EQ(audit_verb("GET", "/api/v1/namespaces/ns/secrets"), "list");
  EXPECT_EQ(audit_verb("GET", "/apis"), "get");
  EXPECT_EQ(audit_verb("GET", "no-path"), "");
}

TEST(ApiSelectorQuery, EveryFormOfKubectlsSyntax) {
  auto selector = parse_selector_query("a=1, b==2,c!=3,d in (x, y),e notin (z),f,!g");
  ASSERT_TRUE(selector);
  EXPECT_EQ(to_string(*selector), "a in (1),b in (2),c notin (3),d in (x,y),e notin (z),f,!g");
  EXPECT_TRUE(parse_selector_query("")->empty());
  EXPECT_EQ(parse_selector_query("a in (b").error().message,
            "unable to parse requirement: \"a in (b\": missing \")\"");
  EXPECT_FALSE(parse_selector_query("a b"));
  EXPECT_FALSE(parse_selector_query("=x"));
  EXPECT_FALSE(parse_selector_query("a!x"));
}

TEST(ApiBase64, RoundTripsAndRefusesWhatGoRefuses) {
  EXPECT_EQ(base64_encoded(""), "");
  EXPECT_EQ(base64_encoded("f"), "Zg==");
  EXPECT_EQ(base64_encoded("fo"), "Zm8=");
  EXPECT_EQ(base64_encoded("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64_decoded("Zm9vYg=="), "foob");
  EXPECT_EQ(base64_decoded("/wAB"), std::string("\xff\x00\x01", 3));
  EXPECT_FALSE(base64_decoded("Zm9"));
  EXPECT_FALSE(base64_decoded("Zm=v"));
  EXPECT_FALSE(base64_decoded("Zm9v!A=="));
}

TEST(ApiMergePatch, Rfc7386Examples) {
  const auto patched = [](const char* target, const char* patch) {
    return merge_patched(nlohmann::json::parse(target), nlohmann::json::parse(patch)).dump();
  };
  EXPECT_EQ(patched(R"({"a":"b"})", R"({"a":"c"})"), R"({"a":"c"})");
  EXPECT_EQ(patched(R"({"a":"b"})", R"({"b":"c"})"), R"({"a":"b","b":"c"})");
  EXPECT_EQ(patched(R"({"a":"b","b":"c"})", R"({"a":null})"), R"({"b":"c"})");
  EXPECT_EQ(patched(R"({"a":{"b":"c"}})", R"({"a":{"b":"d","c":null}})"), R"({"a":{"b":"d"}})");
  EXPECT_EQ(patched(R"({"a":[1]})", R"({"a":[2]})"), R"({"a":[2]})");
  EXPECT_EQ(patched(R"(["a"])", R"({"a":"c"})"), R"({"a":"c"})");
  EXPECT_EQ(patched(R"({"e":null})", R"({"a":1})"), R"({"a":1,"e":null})");
  EXPECT_EQ(strategic_directive(nlohmann::json::parse(R"({"a":[{"$patch":"delete"}]})")), "$patch");
  EXPECT_EQ(patch_type("application/merge-patch+json; charset=utf-8"), PatchType::merge);
  EXPECT_FALSE(patch_type("application/json-patch+json"));
}

}  // namespace
}  // namespace ferry::api

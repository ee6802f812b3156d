// The Secret values the router hands out or takes in are remembered as the run's secret values
// (api/secret_masking.h), plain and in base64, so core/secret_values.h's masking hides them from every
// output; a ConfigMap's values and a Secret the caller may not read are not remembered.
#include "api/base64.h"
#include "api/object_directory.h"
#include "core/secret_values.h"
#include "tests/api/api_fixture.h"

namespace ferry::api {
namespace {

using testing::write_file;

class ApiSecretMaskingTest : public ApiRouterTest {
 protected:
  void SetUp() override {
    ApiRouterTest::SetUp();
    forget_secret_values();
  }
  void TearDown() override { forget_secret_values(); }

  // What a container that printed `value` plain and in base64 leaves in its masked log.
  static std::string printed(const std::string& value) {
    return masked_secrets("plain " + value + " base64 " + base64_encoded(value) + "\n");
  }
};

TEST_F(ApiSecretMaskingTest, AReadSecretIsMaskedPlainAndInBase64) {
  router_with({all_in_namespace()});
  write_file(secrets_.path() / "db" / "password", "read-by-get-7a1");
  EXPECT_EQ(printed("read-by-get-7a1"), "plain read-by-get-7a1 base64 cmVhZC1ieS1nZXQtN2Ex\n");
  ASSERT_EQ(call("GET", "/api/v1/namespaces/default/secrets/db").code, 200);
  EXPECT_EQ(printed("read-by-get-7a1"), "plain *** base64 ***\n");
}

TEST_F(ApiSecretMaskingTest, EverySecretOfAListIsMasked) {
  router_with({Permission{"*", {""}, {"secrets"}, {}, {"list"}}});
  write_file(secrets_.path() / "a" / "key", "listed-first-3c");
  write_file(secrets_.path() / kNamespacesFolder / "other" / "b" / "key", "listed-other-9f");
  ASSERT_EQ(call("GET", "/api/v1/secrets").code, 200);
  EXPECT_EQ(printed("listed-first-3c"), "plain *** base64 ***\n");
  EXPECT_EQ(printed("listed-other-9f"), "plain *** base64 ***\n");
}

TEST_F(ApiSecretMaskingTest, ASecretCreatedOrPatchedThroughTheApiIsMasked) {
  router_with({all_in_namespace()});
  ASSERT_EQ(call("POST", "/api/v1/namespaces/default/secrets",
                 R"({"metadata":{"name":"db"},"data":{"password":"bWFkZS1ieS1wb3N0LTQy"},)"
                 R"("stringData":{"user":"string-data-5e"}})")
                .code,
            201);
  EXPECT_EQ(printed("made-by-post-42"), "plain *** base64 ***\n");
  EXPECT_EQ(printed("string-data-5e"), "plain *** base64 ***\n");
  ASSERT_EQ(call("PATCH", "/api/v1/namespaces/default/secrets/db",
                 R"({"stringData":{"token":"patched-in-8b"}})", "application/merge-patch+json")
                .code,
            200);
  EXPECT_EQ(printed("patched-in-8b"), "plain *** base64 ***\n");
}

TEST_F(ApiSecretMaskingTest, ConfigMapsAndRefusedSecretsAreNotMasked) {
  router_with({Permission{"", {""}, {"configmaps"}, {}, {"get"}}});
  write_file(config_maps_.path() / "settings" / "colour", "config-value-1d");
  write_file(secrets_.path() / "db" / "password", "not-served-6c");
  ASSERT_EQ(call("GET", "/api/v1/namespaces/default/configmaps/settings").code, 200);
  ASSERT_EQ(call("GET", "/api/v1/namespaces/default/secrets/db").code, 403);
  EXPECT_EQ(remembered_secret_values(), std::vector<std::string>{});
}

}  // namespace
}  // namespace ferry::api

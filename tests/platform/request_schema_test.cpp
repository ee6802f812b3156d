// Requests are admitted as the Kubernetes API server would admit them: of a version their Promise serves,
// valid against that version's openAPIV3Schema (every problem at its file:line:column), defaults applied.
#include <gtest/gtest.h>

#include "core/md5.h"
#include "pipeline/spec_hash.h"
#include "pipeline/spec_json.h"
#include "platform/loader.h"
#include "platform/platform.h"
#include "tests/support/load_errors.h"
#include "tests/support/platform_texts.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

// kPromise with a schema on v1beta1 (v1alpha1 has none) and a third version that is not served.
std::string promise_with_schema() {
  std::string promise = kPromise;
  const std::string versions = R"(        - {name: v1alpha1, served: true, storage: false}
        - {name: v1beta1, served: true, storage: true}
)";
  promise.replace(promise.find(versions), versions.size(),
                  R"(        - {name: v1alpha1, served: true, storage: false}
        - name: v1beta1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
              properties:
                spec:
                  type: object
                  required: [size]
                  properties:
                    size: {type: string, enum: [small, large]}
                    replicas: {type: integer, minimum: 1, default: 1}
        - {name: v0, served: false}
)");
  return promise;
}

class RequestSchemaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "stores.yaml", kStore);
    write_file(dir.path() / "destinations.yml", kDestinations);
    write_file(dir.path() / "promises/redis.yaml", promise_with_schema());
  }
  std::vector<std::string> errors_for(const std::string& request) {
    write_file(dir.path() / "requests/cache.yaml", request);
    return ferry::testing::load_errors(dir.path());
  }
  std::string at(const std::string& where) const {
    return (dir.path() / "requests/cache.yaml").string() + ":" + where;
  }
  TempDir dir;
};

TEST_F(RequestSchemaTest, AValidRequestGetsTheSchemasDefaults) {
  write_file(dir.path() / "requests/cache.yaml", kRequest);
  const LoadResult result = load_platform(dir.path());
  ASSERT_TRUE(result.errors.empty()) << result.errors.front().render();
  ASSERT_EQ(result.platform.requests.size(), 1u);
  EXPECT_NE(result.platform.requests[0].object_yaml.find("replicas: 1"), std::string::npos)
      << result.platform.requests[0].object_yaml;
}

TEST_F(RequestSchemaTest, EveryProblemIsReportedAtItsNode) {
  std::string request = kRequest;
  request.replace(request.find("size: small"), 11, "size: huge\n  replicas: 0\n  colour: red");
  EXPECT_EQ(errors_for(request),
            (std::vector<std::string>{
                at("7:9: spec.size: must be one of small, large; found \"huge\""),
                at("8:13: spec.replicas: must be at least 1, found 0"),
                at("9:3: spec.colour: unknown field (the Promise's schema does not declare it)")}));
}

TEST_F(RequestSchemaTest, AVersionWithoutASchemaIsNotChecked) {
  std::string request = kRequest;
  request.replace(request.find("v1beta1"), 7, "v1alpha1");
  request.replace(request.find("size: small"), 11, "colour: red");
  EXPECT_EQ(errors_for(request), std::vector<std::string>{});
}

TEST_F(RequestSchemaTest, AVersionThePromiseDoesNotServeIsRefused) {
  std::string request = kRequest;
  request.replace(request.find("v1beta1"), 7, "v0");
  EXPECT_EQ(errors_for(request),
            std::vector<std::string>{
                at("1:13: Promise redis does not serve version v0 of redis; it serves v1alpha1, v1beta1")});
}

// The loader hashes the spec it parsed (Request::spec_md5) so that a run need not parse object_yaml again;
// that hash must be the one object_yaml itself gives, defaults and scalars whose type hangs on quoting
// included, or a reloaded request would look changed.
std::string spec_md5_of_text(const std::string& object_yaml) {
  return pipeline::request_spec_md5(YAML::Load(object_yaml));
}

TEST_F(RequestSchemaTest, TheSpecHashOfTheParsedRequestIsTheOneItsObjectTextGives) {
  write_file(dir.path() / "requests/cache.yaml", kRequest);
  const LoadResult result = load_platform(dir.path());
  ASSERT_TRUE(result.errors.empty()) << result.errors.front().render();
  const pipeline::Request& request = result.platform.requests.at(0);
  EXPECT_EQ(request.spec_md5, md5_hex(R"({"replicas":1,"size":"small"})"));
  EXPECT_EQ(request.spec_md5, spec_md5_of_text(request.object_yaml));
}

TEST_F(RequestSchemaTest, QuotedAndPlainScalarsHashAlikeFromTheParsedRequestAndItsText) {
  std::string request = kRequest;
  request.replace(request.find("v1beta1"), 7, "v1alpha1");
  request.replace(
      request.find("size: small"), 11,
      "a: \"true\"\n  b: true\n  c: '1.50'\n  d: 1.50\n  e: ~\n  f: ''\n  g: \"x: y\"\n  h: [0x1F, "
      "\"0o7\", 1e3]\n  i: |\n    two\n    lines\n");
  write_file(dir.path() / "requests/cache.yaml", request);
  const LoadResult result = load_platform(dir.path());
  ASSERT_TRUE(result.errors.empty()) << result.errors.front().render();
  const pipeline::Request& loaded = result.platform.requests.at(0);
  EXPECT_EQ(loaded.spec_md5, md5_hex(R"({"a":"true","b":true,"c":"1.50","d":1.5,"e":null,"f":"",)"
                                     R"("g":"x: y","h":[31,"0o7",1000],"i":"two\nlines\n"})"));
  EXPECT_EQ(loaded.spec_md5, spec_md5_of_text(loaded.object_yaml));
}

}  // namespace
}  // namespace ferry::runner

// spec_json (Go's encoding/json of a decoded YAML spec) and Kratix's kratix.io/hash. Every md5 below was
// computed independently with `printf '%s' '<json>' | md5sum`.
#include "pipeline/spec_hash.h"

#include <gtest/gtest.h>

#include "pipeline/spec_json.h"

namespace ferry::pipeline {
namespace {

struct Json {
  const char* name;
  const char* yaml;
  const char* json;
};

class SpecJson : public ::testing::TestWithParam<Json> {};

TEST_P(SpecJson, AsGoMarshalsIt) {
  EXPECT_EQ(spec_json(YAML::Load(GetParam().yaml)), GetParam().json);
}

INSTANTIATE_TEST_SUITE_P(
    Table, SpecJson,
    ::testing::Values(
        Json{"KratixTestSpec", "foo: bar", R"({"foo":"bar"})"},
        Json{"KeysSortedByBytes", "b: 1\na: 2\nB: 3\n_: 4\n", R"({"B":3,"_":4,"a":2,"b":1})"},
        Json{"Nested", "x: {z: [1, {b: c, a: d}], y: {}}\nw: []\n",
             R"({"w":[],"x":{"y":{},"z":[1,{"a":"d","b":"c"}]}})"},
        Json{"Null", "a: ~\nb: null\nc:\nd: NULL\ne: \"null\"\n",
             R"({"a":null,"b":null,"c":null,"d":null,"e":"null"})"},
        Json{"Booleans", "a: true\nb: False\nc: TRUE\nd: \"true\"\ne: yes\nf: on\n",
             R"({"a":true,"b":false,"c":true,"d":"true","e":"yes","f":"on"})"},
        Json{"Integers", "a: 42\nb: -7\nc: +5\nd: 007\ne: 0x1F\nf: 0o17\ng: '42'\nh: 0777\ni: 1_000\nj: -0\n",
             R"({"a":42,"b":-7,"c":5,"d":7,"e":31,"f":15,"g":"42","h":777,"i":"1_000","j":0})"},
        Json{"Int64Limits", "a: 9223372036854775807\nb: -9223372036854775808\nc: 9223372036854775808\n",
             R"({"a":9223372036854775807,"b":-9223372036854775808,"c":9223372036854776000})"},
        Json{"BeyondInt64IsFloat64", "a: 12345678901234567890\nb: 99999999999999999999999\n",
             R"({"a":12345678901234567000,"b":1e+23})"},
        Json{"Floats", "a: 1.5\nb: 1.0\nc: .5\nd: -2.50\ne: 1e3\nf: 1.\ng: -0.0\n",
             R"({"a":1.5,"b":1,"c":0.5,"d":-2.5,"e":1000,"f":1,"g":-0})"},
        Json{"FloatExponents", "a: 1e21\nb: 1e20\nc: 0.0000001\nd: 0.000001\ne: 1.5e-300\nf: 123456.789e3\n",
             R"({"a":1e+21,"b":100000000000000000000,"c":1e-7,"d":0.000001,"e":1.5e-300,"f":123456789})"},
        Json{"NotNumbers", "a: .inf\nb: .nan\nc: 1.2.3\nd: 0x\ne: 1e\nf: \"1.5\"\ng: !!str 5\n",
             R"({"a":".inf","b":".nan","c":"1.2.3","d":"0x","e":"1e","f":"1.5","g":"5"})"},
        Json{"HtmlAndQuotesEscaped", "a: '<b>&\"x\"\\y</b>'\n",
             R"({"a":"\u003cb\u003e\u0026\"x\"\\y\u003c/b\u003e"})"},
        Json{"ControlCharacters", "a: \"\\x01\\b\\f\\n\\r\\t\\x1f\\x7f\"\n",
             R"({"a":"\u0001\b\f\n\r\t\u001f)"
             "\x7f\"}"},
        Json{"LineSeparatorsEscapedOtherUnicodeKept", "a: \"\\u2028\\u2029 é 日本 😀\"\n",
             R"({"a":"\u2028\u2029 é 日本 😀"})"},
        Json{"BlockScalarIsAString", "a: |\n  true\n", R"({"a":"true\n"})"},
        Json{"KeysEscaped", "\"<k>\": 1\n", R"({"\u003ck\u003e":1})"}),
    [](const auto& info) { return info.param.name; });

TEST(SpecJsonEdges, AbsentSpecIsNull) {
  EXPECT_EQ(spec_json(YAML::Node(YAML::NodeType::Undefined)), "null");
}

TEST(SpecJsonEdges, InvalidUtf8BecomesReplacementCharacters) {
  // Go's utf8 rules: a stray continuation byte, an overlong form, a surrogate and a truncated sequence.
  EXPECT_EQ(spec_json(YAML::Node(std::string("a\x80"
                                             "b\xC0\xAF"
                                             "c\xED\xA0\x80"
                                             "d\xE2\x82"))),
            R"("a\ufffdb\ufffd\ufffdc\ufffd\ufffd\ufffdd\ufffd\ufffd")");
}

TEST(KratixSpecHash, MatchesKratixOwnTestValue) {
  // lib/hash/hash_test.go: spec {foo: bar} hashes to 9bb58f26192e4ba00f01e2e7b136bbd8.
  EXPECT_EQ(kratix_spec_hash(YAML::Load("foo: bar")), "9bb58f26192e4ba00f01e2e7b136bbd8");
  EXPECT_EQ(kratix_spec_hash(YAML::Node(YAML::NodeType::Undefined)), "37a6259cc0c1dae299a7866489dff0bd");
}

constexpr const char* kPromise =
    "apiVersion: platform.kratix.io/v1alpha1\nkind: Promise\nmetadata: {name: db}\n"
    "spec:\n  workflows: {resource: {configure: [{name: p, image: \"x:1\"}]}}\n  api: {kind: Db}\n";
constexpr const char* kRequest =
    "apiVersion: x.io/v1\nkind: Db\nmetadata: {name: a, namespace: team}\n"
    "spec: {size: small, replicas: 3, tls: true, ratio: 0.25, name: '\"a&b\"', tags: [x, y]}\n";

TEST(KratixSpecHash, PromiseAndResourceWorkflows) {
  const YAML::Node promise = YAML::Load(kPromise)["spec"];
  const YAML::Node request = YAML::Load(kRequest)["spec"];
  EXPECT_EQ(
      spec_json(request),
      R"({"name":"\"a\u0026b\"","ratio":0.25,"replicas":3,"size":"small","tags":["x","y"],"tls":true})");
  EXPECT_EQ(kratix_spec_hash(promise), "8466bb517b2e13d956bb5dff35c3e48a");
  EXPECT_EQ(kratix_spec_hash(promise, request), "11b2a2100e1ed537093085ef5b893009");
  EXPECT_EQ(kratix_spec_hash(promise, request, true), "f6a5ca3f0f3badfa8eac663ea2c3064e");
}

TEST(KratixWorkflowHash, FromObjectTextsOnlySpecCounts) {
  EXPECT_EQ(*kratix_workflow_hash(kPromise, ""), "8466bb517b2e13d956bb5dff35c3e48a");
  EXPECT_EQ(*kratix_workflow_hash(kPromise, kRequest), "11b2a2100e1ed537093085ef5b893009");
  const std::string relabelled = std::string(kRequest) + "status: {message: up}\n";
  EXPECT_EQ(*kratix_workflow_hash(kPromise, "metadata: {name: b, labels: {x: y}}\n" +
                                                relabelled.substr(relabelled.find("spec:"))),
            "11b2a2100e1ed537093085ef5b893009");
  EXPECT_EQ(*kratix_workflow_hash(kPromise, "kind: Db\n"), "bbe219a1523eec26c1bfc8012609b476");  // spec: null
}

TEST(KratixWorkflowHash, RefusesTextThatIsNotOneMap) {
  auto hash = kratix_workflow_hash(kPromise, "- a\n");
  ASSERT_FALSE(hash.ok());
  EXPECT_EQ(hash.error().render(), "the resource request is not a single YAML map");
  auto broken = kratix_workflow_hash("spec: [\n", "");
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.error().render(),
            "the Promise is not a single YAML map: invalid YAML: end of sequence flow not found");
}

}  // namespace
}  // namespace ferry::pipeline

// The openAPIV3Schema parser and validator: each keyword's check, its exact message and location, and
// defaults.
#include "pipeline/openapi_validate.h"

#include <gtest/gtest.h>

#include "pipeline/openapi_schema_parser.h"
namespace ferry::pipeline {
namespace {

// A Promise-like schema: spec with a size enum, a bounded integer, a patterned name, a list of ports.
const char* const kSchema = R"(type: object
properties:
  spec:
    type: object
    required: [size]
    properties:
      size:
        type: string
        enum: [small, large]
      replicas:
        type: integer
        minimum: 1
        maximum: 5
        default: 1
      name:
        type: string
        pattern: "^[a-z][a-z0-9-]*$"
        minLength: 2
        maxLength: 8
      ratio:
        type: number
        exclusiveMaximum: true
        maximum: 1
      enabled:
        type: boolean
        default: true
      ports:
        type: array
        maxItems: 2
        items:
          type: object
          properties:
            port: {type: integer}
            protocol: {type: string, default: TCP}
      extra:
        type: object
        x-kubernetes-preserve-unknown-fields: true
      tags:
        type: object
        additionalProperties: {type: string}
)";

Schema schema() {
  auto parsed = parse_schema(YAML::Load(kSchema), "promise.yaml");
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().render());
  return parsed.ok() ? *parsed : Schema{};
}

std::vector<std::string> problems(const std::string& request) {
  std::vector<std::string> rendered;
  for (const Error& error : validate_object(schema(), YAML::Load(request), "request.yaml")) {
    rendered.push_back(error.render());
  }
  return rendered;
}

using Problems = std::vector<std::string>;

TEST(OpenApiValidate, AValidRequestHasNoProblems) {
  EXPECT_EQ(problems("apiVersion: x/v1\nkind: Redis\nmetadata: {name: a}\n"
                     "spec: {size: small, replicas: 3, name: ab-1, ratio: 0.5, enabled: yes,\n"
                     "       ports: [{port: 80}], extra: {anything: [1]}, tags: {team: a}}\n"),
            Problems{});
}

struct Case {
  const char* spec;  // the request's spec, on line 2
  Problems expected;
};

class OneProblem : public ::testing::TestWithParam<Case> {};

TEST_P(OneProblem, IsReportedAtItsNode) {
  EXPECT_EQ(problems(std::string("kind: Redis\nspec: ") + GetParam().spec + "\n"), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(
    Keywords, OneProblem,
    ::testing::Values(
        Case{"{size: huge}", {"request.yaml:2:14: spec.size: must be one of small, large; found \"huge\""}},
        Case{"{replicas: 2}", {"request.yaml:2:7: spec: missing required field \"size\""}},
        Case{"{size: small, replicas: three}",
             {"request.yaml:2:31: spec.replicas: must be an integer, found a string \"three\""}},
        Case{"{size: small, replicas: 2.5}",
             {"request.yaml:2:31: spec.replicas: must be an integer, found a number \"2.5\""}},
        Case{"{size: small, replicas: 0}", {"request.yaml:2:31: spec.replicas: must be at least 1, found 0"}},
        Case{"{size: small, replicas: 6}", {"request.yaml:2:31: spec.replicas: must be at most 5, found 6"}},
        Case{"{size: small, ratio: 1}", {"request.yaml:2:28: spec.ratio: must be less than 1, found 1"}},
        Case{"{size: small, name: Ab}",
             {"request.yaml:2:27: spec.name: must match the pattern ^[a-z][a-z0-9-]*$, found \"Ab\""}},
        Case{"{size: small, name: a}", {"request.yaml:2:27: spec.name: must be at least 2 characters long"}},
        Case{"{size: small, name: abcdefghi}",
             {"request.yaml:2:27: spec.name: must be at most 8 characters long"}},
        Case{"{size: small, tags: {team: \"7\"}}", {}},
        Case{"{size: small, name: 8080}",
             {"request.yaml:2:27: spec.name: must be a string, found an integer \"8080\""}},
        Case{"{size: small, enabled: maybe}",
             {"request.yaml:2:30: spec.enabled: must be a boolean, found a string \"maybe\""}},
        Case{"{size: small, ports: [{port: 1}, {port: 2}, {port: 3}]}",
             {"request.yaml:2:28: spec.ports: must have at most 2 items, found 3"}},
        Case{"{size: small, ports: [{port: x}]}",
             {"request.yaml:2:36: spec.ports[0].port: must be an integer, found a string \"x\""}},
        Case{"{size: small, ports: {port: 1}}",
             {"request.yaml:2:28: spec.ports: must be an array, found a map"}},
        Case{"{size: small, colour: red}",
             {"request.yaml:2:21: spec.colour: unknown field (the Promise's schema does not declare it)"}},
        Case{"{size: small, tags: {team: 7}}",
             {"request.yaml:2:34: spec.tags.team: must be a string, found an integer \"7\""}},
        Case{"{size: null}", {"request.yaml:2:14: spec.size: must not be null"}}));

TEST(OpenApiValidate, ReportsEveryProblemAtOnce) {
  EXPECT_EQ(problems("spec:\n  size: huge\n  replicas: 9\n"),
            (Problems{"request.yaml:2:9: spec.size: must be one of small, large; found \"huge\"",
                      "request.yaml:3:13: spec.replicas: must be at most 5, found 9"}));
}

TEST(OpenApiValidate, UnknownTopLevelFieldsAreErrorsButKubernetesOnesAreNot) {
  EXPECT_EQ(problems("apiVersion: x/v1\nkind: Redis\nmetadata: {}\nspec: {size: small}\nextra: 1\n"),
            Problems{"request.yaml:5:1: extra: unknown field (the Promise's schema does not declare it)"});
}

TEST(OpenApiValidate, DefaultsFillAbsentFieldsOnly) {
  const YAML::Node defaulted =
      apply_defaults(schema(), YAML::Load("spec: {size: small, replicas: 3, ports: [{port: 80}]}"));
  EXPECT_EQ(defaulted["spec"]["replicas"].as<int>(), 3);
  EXPECT_EQ(defaulted["spec"]["enabled"].as<bool>(), true);
  EXPECT_EQ(defaulted["spec"]["ports"][0]["protocol"].as<std::string>(), "TCP");
  EXPECT_FALSE(defaulted["spec"]["name"].IsDefined());
}

TEST(OpenApiValidate, DefaultsDoNotCreateAbsentParents) {
  const YAML::Node defaulted = apply_defaults(schema(), YAML::Load("kind: Redis"));
  EXPECT_FALSE(defaulted["spec"].IsDefined());
}

TEST(OpenApiValidate, ScalarsResolveAsKubernetesReadsThem) {
  const std::vector<std::pair<std::string, ScalarKind>> cases = {{"x: 8080", ScalarKind::integer},
                                                                 {"x: '8080'", ScalarKind::string},
                                                                 {"x: 0x1F", ScalarKind::integer},
                                                                 {"x: 1.5e3", ScalarKind::number},
                                                                 {"x: yes", ScalarKind::boolean},
                                                                 {"x: Off", ScalarKind::boolean},
                                                                 {"x: ~", ScalarKind::null},
                                                                 {"x: text", ScalarKind::string},
                                                                 {"x: |\n  8080\n", ScalarKind::string}};
  for (const auto& [text, kind] : cases) EXPECT_EQ(classify_scalar(YAML::Load(text)["x"]), kind) << text;
}

// libstdc++'s std::regex recursed once per digit and overflowed the stack (tests/fuzz/regressions/openapi).
TEST(OpenApiValidate, ALongDigitScalarIsClassifiedWithoutExhaustingTheStack) {
  const std::string digits(200000, '7');
  EXPECT_EQ(classify_scalar(YAML::Load("x: " + digits)["x"]), ScalarKind::integer);
  EXPECT_EQ(classify_scalar(YAML::Load("x: " + digits + ".5e-3")["x"]), ScalarKind::number);
  EXPECT_EQ(classify_scalar(YAML::Load("x: " + digits + "x")["x"]), ScalarKind::string);
}

// A hostile value must not flood stderr: every value a message repeats keeps its first 64 characters.
TEST(OpenApiValidate, AHugeValueIsRepeatedOnlyInPart) {
  const std::string x64(64, 'x');
  EXPECT_EQ(problems("spec: {size: " + std::string(70000, 'x') + "}\n"),
            Problems{"request.yaml:1:14: spec.size: must be one of small, large; found \"" + x64 +
                     "\"... (70,000 characters)"});
  EXPECT_EQ(problems("spec: {size: small, enabled: " + std::string(65, 'x') + "}\n"),
            Problems{"request.yaml:1:30: spec.enabled: must be a boolean, found a string \"" + x64 +
                     "\"... (65 characters)"});
  EXPECT_EQ(problems("spec: {size: small, name: A" + std::string(99, 'b') + "}\n"),
            (Problems{"request.yaml:1:27: spec.name: must be at most 8 characters long",
                      "request.yaml:1:27: spec.name: must match the pattern ^[a-z][a-z0-9-]*$, found \"A" +
                          std::string(63, 'b') + "\"... (100 characters)"}));
  EXPECT_EQ(problems("spec: {size: small, replicas: " + std::string(80, '9') + "}\n"),
            Problems{"request.yaml:1:31: spec.replicas: must be at most 5, found " + std::string(64, '9') +
                     "... (80 characters)"});
  EXPECT_EQ(problems("spec: {size: small, " + std::string(100, 'k') + ": 1}\n"),
            Problems{"request.yaml:1:21: spec." + std::string(64, 'k') +
                     "... (100 characters): unknown field (the Promise's schema does not declare it)"});
}

// Patterns are matched with RE2 (Kubernetes' Go regexp syntax, linear time): a long string is checked
// whole, where std::regex overflowed the stack (tests/fuzz/regressions/openapi/long-patterned-string.yaml).
TEST(OpenApiValidate, APatternIsCheckedOnAStringOfAnyLength) {
  const std::string long_name(100000, 'a');
  EXPECT_EQ(problems("spec: {size: small, name: " + long_name + "}\n"),
            Problems{"request.yaml:1:27: spec.name: must be at most 8 characters long"});
  EXPECT_EQ(problems("spec: {size: small, name: " + long_name + "B}\n"),
            (Problems{"request.yaml:1:27: spec.name: must be at most 8 characters long",
                      "request.yaml:1:27: spec.name: must match the pattern ^[a-z][a-z0-9-]*$, found \"" +
                          std::string(64, 'a') + "\"... (100,001 characters)"}));
}

// The problems of `spec.name: <value>` under a schema whose spec.name has `pattern`.
std::vector<std::string> pattern_problems(const std::string& pattern, const std::string& value) {
  const std::string schema_text =
      "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n"
      "      name: {type: string, pattern: '" +
      pattern + "'}\n";
  auto parsed = parse_schema(YAML::Load(schema_text), "promise.yaml");
  EXPECT_TRUE(parsed.ok()) << (parsed.ok() ? "" : parsed.error().render());
  if (!parsed.ok()) return {};
  std::vector<std::string> rendered;
  for (const Error& error :
       validate_object(*parsed, YAML::Load("spec: {name: " + value + "}"), "request.yaml"))
    rendered.push_back(error.render());
  return rendered;
}

// The ReDoS input (tests/fuzz/regressions/openapi/redos-nested-quantifier.yaml) ran for hours under
// std::regex's backtracking; RE2 answers at once. A hang fails through ctest's time-out.
TEST(OpenApiValidate, NestedQuantifiersDoNotBacktrackForEver) {
  EXPECT_EQ(pattern_problems("(a+)+$", std::string(54, 'a') + "!"),
            Problems{"request.yaml:1:14: spec.name: must match the pattern (a+)+$, found \"" +
                     std::string(54, 'a') + "!\""});
  EXPECT_EQ(pattern_problems("(a+)+$", std::string(54, 'a')), Problems{});
}

// Go's regexp has no look-around or back-references, so Kubernetes refuses such a pattern in a CRD; here it
// matches nothing and the value is refused with the pattern named.
TEST(OpenApiValidate, APatternRE2CannotCompileMatchesNothing) {
  EXPECT_EQ(pattern_problems("^(?=a)a$", "a"),
            Problems{"request.yaml:1:14: spec.name: must match the pattern ^(?=a)a$, found \"a\""});
}

TEST(OpenApiSchema, BadSchemasAreLocatedErrors) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"type: map",
       "promise.yaml:1:7: \"type\" must be one of object, array, string, integer, number, boolean; found "
       "\"map\""},
      {"type: object\nproperties: [a]", "promise.yaml:2:13: \"properties\" must be a map, found a list"},
      {"minimum: low", "promise.yaml:1:10: \"minimum\" must be a number, found a string"},
      {"maxLength: -1", "promise.yaml:1:12: \"maxLength\" must be a non-negative integer, found a string"},
      {"properties: {a: {required: a}}",
       "promise.yaml:1:28: \"required\" must be a list of field names, found a string"}};
  for (const auto& [text, message] : cases) {
    auto parsed = parse_schema(YAML::Load(text), "promise.yaml");
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_EQ(parsed.error().render(), message);
  }
}

// A keyword Kubernetes does not know is dropped, as the API server drops it, and named as a warning, at
// every depth of the schema (issue 22 item 5).
TEST(OpenApiSchema, UnknownKeywordsAreDroppedAndNamed) {
  const YAML::Node schema = YAML::Load(
      "typo: 1\ntype: object\nproperties:\n  name: {type: string, regex: '^a'}\n"
      "  tags: {type: array, items: {type: string, regex: b}}\n");
  auto parsed = parse_schema(schema, "promise.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  std::vector<std::string> warnings;
  for (const Error& warning : dropped_schema_keywords(schema, "promise.yaml"))
    warnings.push_back(warning.render());
  const std::string why =
      " is not an openAPIV3Schema keyword: dropped, as Kratix's API server drops it, so it checks nothing (a "
      "string's regular expression is \"pattern\")";
  EXPECT_EQ(warnings, (std::vector<std::string>{"promise.yaml:1:1: schema keyword \"typo\"" + why,
                                                "promise.yaml:4:24: schema keyword \"regex\"" + why,
                                                "promise.yaml:5:45: schema keyword \"regex\"" + why}));
}

}  // namespace
}  // namespace ferry::pipeline

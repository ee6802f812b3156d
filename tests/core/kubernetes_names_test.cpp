// The Kubernetes name rules: each rule's edges (length, characters, first and last character, the parts of
// a subdomain, the prefix of a label key) and the located messages.
#include "core/kubernetes_names.h"

#include <gtest/gtest.h>

namespace ferry {
namespace {

struct Row {
  std::string text;
  NameRule rule;
  std::string problem;  // "" when the text is valid
};

const std::vector<Row> kRows = {
    {"cache", NameRule::object_name, ""},
    {"cache-a.eu-1", NameRule::object_name, ""},
    {"0", NameRule::object_name, ""},
    {std::string(253, 'a'), NameRule::object_name, ""},
    {std::string(254, 'a'), NameRule::object_name, "it has 254 characters"},
    {"", NameRule::object_name, "it is empty"},
    {"Cache", NameRule::object_name, "it contains 'C'"},
    {"a b", NameRule::object_name, "it contains a space"},
    {"a_b", NameRule::object_name, "it contains '_'"},
    {"a/b", NameRule::object_name, "it contains '/'"},
    {"caf\xC3\xA9", NameRule::object_name, "it contains a non-ASCII character"},
    {"a\nb", NameRule::object_name, "it contains the control character \\x0A"},
    {"-cache", NameRule::object_name, "it starts with '-'"},
    {".cache", NameRule::object_name, "it starts with '.'"},
    {"cache-", NameRule::object_name, "it ends with '-'"},
    {"a..b", NameRule::object_name, "it has \"..\""},
    {"a-.b", NameRule::object_name, "it has \"-.\""},
    {"a.-b", NameRule::object_name, "it has \".-\""},
    {std::string(63, 'a'), NameRule::request_name, ""},
    {std::string(64, 'a'), NameRule::request_name, "it has 64 characters"},
    {"my.cache", NameRule::request_name, ""},
    {"instance-configure", NameRule::pipeline_name, ""},
    {std::string(63, 'p'), NameRule::pipeline_name, ""},
    {std::string(64, 'p'), NameRule::pipeline_name, "it has 64 characters"},
    {"Configure", NameRule::pipeline_name, "it contains 'C'"},
    {"../escape", NameRule::pipeline_name, "it contains '/'"},
    {"default", NameRule::namespace_name, ""},
    {std::string(63, 'a'), NameRule::namespace_name, ""},
    {std::string(64, 'a'), NameRule::namespace_name, "it has 64 characters"},
    {"team.a", NameRule::namespace_name, "it contains '.'"},
    {"Team", NameRule::namespace_name, "it contains 'T'"},
    {"environment", NameRule::label_key, ""},
    {"Zone_1.a-b", NameRule::label_key, ""},
    {"kratix.io/promise-name", NameRule::label_key, ""},
    {"a b", NameRule::label_key, "it contains a space"},
    {"", NameRule::label_key, "it is empty"},
    {"_zone", NameRule::label_key, "it starts with '_'"},
    {std::string(64, 'k'), NameRule::label_key, "it has 64 characters"},
    {"Kratix.io/name", NameRule::label_key, "its prefix contains 'K'"},
    {"/name", NameRule::label_key, "its prefix is empty"},
    {"kratix.io/", NameRule::label_key, "its name is empty"},
    {"a/b/c", NameRule::label_key, "its name contains '/'"},
    {"dev", NameRule::label_value, ""},
    {"", NameRule::label_value, ""},
    {"Prod_1.x", NameRule::label_value, ""},
    {"a b", NameRule::label_value, "it contains a space"},
    {"dev-", NameRule::label_value, "it ends with '-'"},
    {std::string(64, 'v'), NameRule::label_value, "it has 64 characters"},
};

TEST(KubernetesNames, EveryRuleRefusesWhatKubernetesRefuses) {
  for (const Row& row : kRows) {
    const auto problem = name_problem(row.text, row.rule);
    EXPECT_EQ(problem.value_or(""), row.problem) << row.text;
  }
}

YAML::Node first_document(const std::string& text) {
  auto docs = parse_yaml_stream(text, "f.yaml");
  EXPECT_TRUE(docs.ok());
  return docs->at(0).node;
}

TEST(KubernetesNames, ANameIsRefusedAtItsValueWithTheRule) {
  const YAML::Node doc = first_document("metadata:\n  name: Cache\n");
  EXPECT_EQ(
      check_name(doc["metadata"]["name"], NameRule::request_name, "metadata.name", "f.yaml").error().render(),
      "f.yaml:2:9: \"metadata.name\" \"Cache\" is not a valid request name: it contains 'C'; use at most 63 "
      "lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or "
      "digit (an RFC 1123 subdomain, which Kratix limits to 63 characters for requests)");
  EXPECT_TRUE(
      check_name(doc["metadata"], NameRule::object_name, "metadata", "f.yaml").ok());  // a map: not ours
}

TEST(KubernetesNames, AHugeNameIsQuotedShortened) {
  const YAML::Node doc = first_document("name: " + std::string(1000, 'A') + "\n");
  EXPECT_EQ(
      check_name(doc["name"], NameRule::namespace_name, "metadata.namespace", "f.yaml").error().render(),
      "f.yaml:1:7: \"metadata.namespace\" \"" + std::string(64, 'A') +
          "\"... (1,000 characters) is not a valid namespace: it contains 'A'; use at most 63 lower-case "
          "letters, digits and '-', starting and ending with a letter or digit (an RFC 1123 label)");
}

TEST(KubernetesNames, LabelKeysAreRefusedAtTheKeyAndValuesAtTheValue) {
  const YAML::Node key = first_document("labels:\n  env: dev\n  \"a b\": x\n");
  EXPECT_EQ(
      check_labels(key["labels"], "metadata.labels", "f.yaml").error().render(),
      "f.yaml:3:3: \"metadata.labels\" key \"a b\" is not a valid label key: it contains a space; use an "
      "optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', starting "
      "and ending with a letter or digit");
  const YAML::Node value = first_document("labels:\n  env: dev\n  role: \"a b\"\n");
  EXPECT_EQ(
      check_labels(value["labels"], "metadata.labels", "f.yaml").error().render(),
      "f.yaml:3:9: \"metadata.labels.role\" \"a b\" is not a valid label value: it contains a space; use at "
      "most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, or an empty "
      "value");
  EXPECT_TRUE(check_labels(first_document("labels:\n  a.io/b: ''\n  c: D_1\n")["labels"], "l", "f").ok());
  EXPECT_TRUE(check_labels(first_document("labels: [a]\n")["labels"], "l", "f").ok());  // the reader's error
}

TEST(KubernetesNames, SelectorExpressionsAreCheckedKeyAndEveryValue) {
  const YAML::Node bad_key = first_document("- {key: -env, operator: Exists}\n");
  EXPECT_EQ(
      check_label_expressions(bad_key, "matchExpressions", "f.yaml").error().render(),
      "f.yaml:1:9: \"matchExpressions[0].key\" \"-env\" is not a valid label key: it starts with '-'; use "
      "an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', "
      "starting and ending with a letter or digit");
  const YAML::Node bad_value = first_document("- {key: env, operator: In, values: [dev, \"q a\"]}\n");
  EXPECT_EQ(
      check_label_expressions(bad_value, "matchExpressions", "f.yaml").error().render(),
      "f.yaml:1:42: \"matchExpressions[0].values[1]\" \"q a\" is not a valid label value: it contains a "
      "space; use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, "
      "or an empty value");
  EXPECT_TRUE(
      check_label_expressions(first_document("- {key: env, operator: In, values: [dev]}\n"), "m", "f").ok());
}

}  // namespace
}  // namespace ferry

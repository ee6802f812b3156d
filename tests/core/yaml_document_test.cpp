#include "core/yaml_document.h"

#include <gtest/gtest.h>

namespace ferry {
namespace {

TEST(YamlDocument, SyntaxErrorsNameFileLineAndColumn) {
  auto result = parse_yaml_stream("a: 1\nb: [1, 2\n", "broken.yaml");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().render(), "broken.yaml:3:1: invalid YAML: end of sequence flow not found");
}

TEST(YamlDocument, ADuplicateKeyIsAnErrorAtItsSecondOccurrence) {
  auto result = parse_yaml_stream("a: 1\nb:\n  - c: 1\n    c: 2\n", "dup.yaml");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().render(),
            "dup.yaml:4:5: duplicate key \"c\" (first at line 3); remove one of them");
}

TEST(YamlDocument, DeepNestingIsAnErrorNotACrash) {
  auto result =
      parse_yaml_stream("a: " + std::string(10000, '[') + std::string(10000, ']') + "\n", "deep.yaml");
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().render(),
            "deep.yaml:1:20004: invalid YAML: nested too deeply (500 levels); flatten the document");
}

// yaml-cpp 0.7's LoadAll looped forever on these, growing memory (found by tests/fuzz).
TEST(YamlDocument, AStrayCommaAtTheStartOfADocumentIsAnErrorNotAHang) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {",\n", "stray.yaml:1:1: invalid YAML: a document cannot start with this character; remove it"},
      {"a: 1\n---\n, x\n",
       "stray.yaml:3:1: invalid YAML: a document cannot start with this character; remove it"},
      {",,, ~}\n", "stray.yaml:1:1: invalid YAML: a document cannot start with this character; remove it"}};
  for (const auto& [text, message] : cases) {
    auto result = parse_yaml_stream(text, "stray.yaml");
    ASSERT_FALSE(result.ok()) << text;
    EXPECT_EQ(result.error().render(), message);
  }
}

TEST(YamlDocument, SplitsMultiDocumentStreamsAndSkipsEmptyDocuments) {
  auto result = parse_yaml_stream("a: 1\n---\n---\nb: 2\n", "multi.yaml");
  ASSERT_TRUE(result.ok());
  ASSERT_EQ(result->size(), 2u);
  EXPECT_EQ(location_of(result->at(1).node, "multi.yaml").render(), "multi.yaml:4:1");
}

TEST(YamlDocument, FieldReadersReportTypeAndMissingFields) {
  auto docs = parse_yaml_stream("name: [x]\nlist: {a: b}\nlabels: {a: {b: c}}\n", "f.yaml");
  const YAML::Node& node = docs->at(0).node;
  EXPECT_EQ(required_string(node, "name", "name", "f.yaml").error().render(),
            "f.yaml:1:7: \"name\" must be a string, found a list");
  EXPECT_EQ(required_string(node, "missing", "spec.missing", "f.yaml").error().render(),
            "f.yaml:1:1: missing required field \"spec.missing\"");
  EXPECT_EQ(optional_strings(node, "list", "list", "f.yaml").error().render(),
            "f.yaml:2:7: \"list\" must be a list of strings, found a map");
  EXPECT_EQ(optional_labels(node, "labels", "labels", "f.yaml").error().render(),
            "f.yaml:3:13: \"labels.a\" must be a string, found a map");
  EXPECT_EQ(required_map(node, "name", "name", "f.yaml").error().render(),
            "f.yaml:1:7: \"name\" must be a map, found a list");
}

TEST(YamlDocument, LookupsInScalarsReadAsAbsent) {
  auto docs = parse_yaml_stream("metadata: just-a-string\n", "f.yaml");
  const YAML::Node metadata = child(docs->at(0).node, "metadata");
  EXPECT_FALSE(child(metadata, "name").IsDefined());
  EXPECT_EQ(required_string(metadata, "name", "metadata.name", "f.yaml").error().render(),
            "f.yaml:1:11: missing required field \"metadata.name\"");
}

TEST(YamlDocument, WrittenTextIsBlockStyleAndKeepsQuotedStringsStrings) {
  auto docs = parse_yaml_stream("data: {enabled: \"true\", port: '8080', plain: 8080, on: yes, name: x}\n"
                                "list: [\"1.5\", ~, a]\n",
                                "f.yaml");
  EXPECT_EQ(to_yaml_text(docs->at(0).node),
            "data:\n  enabled: \"true\"\n  port: \"8080\"\n  plain: 8080\n  on: yes\n  name: x\nlist:\n"
            "  - \"1.5\"\n  - ~\n  - a\n");
}

}  // namespace
}  // namespace ferry

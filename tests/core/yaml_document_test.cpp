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

// yaml-cpp builds an alias as the node its anchor names: a recursive one was a cycle that every later walk
// followed until the stack overflowed (SIGSEGV). Refused at the alias (core/yaml_prepass.h).
TEST(YamlDocument, AnAliasInsideTheNodeItNamesIsAnErrorNotACrash) {
  for (const char* text :
       {"spec: &s {self: *s}\n", "a: &l [1, [2, *l]]\n", "---\nok: 1\n---\nb: &m\n  c: *m\n"}) {
    auto result = parse_yaml_stream(text, "cycle.yaml");
    ASSERT_FALSE(result.ok()) << text;
    EXPECT_NE(
        result.error().render().find(": invalid YAML: this alias refers to a node that contains it, a cycle "
                                     "without end; write the content out instead"),
        std::string::npos)
        << result.error().render();
  }
  auto located = parse_yaml_stream("spec: &s {self: *s}\n", "cycle.yaml");
  EXPECT_TRUE(located.error().render().starts_with("cycle.yaml:1:17: ")) << located.error().render();
}

// Nested aliases, each a list of ten copies of the last: under a kilobyte that expands to 10^12 nodes.
// Refused by counting, at once, never by expanding.
TEST(YamlDocument, AnAliasBombIsRefusedAtOnce) {
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 12; ++i) {
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int copy = 0; copy < 10; ++copy) text += (copy ? ", *a" : "*a") + std::to_string(i - 1);
    text += "]\n";
  }
  auto result = parse_yaml_stream(text, "bomb.yaml");
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().render().find("invalid YAML: its aliases expand to more than "), std::string::npos)
      << result.error().render();
}

// yaml-cpp ends a quoted string at the end of the stream and accepts it, with every later line folded in.
TEST(YamlDocument, AQuotedStringWithoutItsClosingQuoteIsAnErrorAtItsOpeningQuote) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"team: \"abc\n",
       "quote.yaml:1:7: invalid YAML: the string that starts here has no closing \"; add it where the string "
       "ends"},
      {"a:\n  team: 'abc\n  other: 1\n",
       "quote.yaml:2:9: invalid YAML: the string that starts here has no closing '; add it where the string "
       "ends"},
      {"ok: \"a\\\"\"\n---\nname: \xc3\xa9\nteam: \"x\\\"\n",
       "quote.yaml:4:7: invalid YAML: the string that starts here has no closing \"; add it where the string "
       "ends"}};
  for (const auto& [text, message] : cases) {
    auto result = parse_yaml_stream(text, "quote.yaml");
    ASSERT_FALSE(result.ok()) << text;
    EXPECT_EQ(result.error().render(), message);
  }
}

TEST(YamlDocument, ClosedQuotesOfEveryKindAreRead) {
  const std::string text =
      "\xef\xbb\xbf"
      "a: \"x \\\" y\"\nb: 'it''s'\nc: {d: \"e\", f: ['g', \"h\"]}\nn: \xc3\xa9\n"
      "i: &q \"j\"\nk: !!str 'l'\nm: \"\"\no: ''\n";
  auto result = parse_yaml_stream(text, "ok.yaml");
  ASSERT_TRUE(result.ok()) << result.error().render();
  EXPECT_EQ(result->front().node["a"].as<std::string>(), "x \" y");
  EXPECT_EQ(result->front().node["b"].as<std::string>(), "it's");
  EXPECT_EQ(result->front().node["o"].as<std::string>(), "");
}

TEST(YamlDocument, AliasesThatRepeatALittleAreRead) {
  auto result = parse_yaml_stream("base: &b {size: small, labels: {a: b}}\none: *b\ntwo: *b\n", "ok.yaml");
  ASSERT_TRUE(result.ok()) << result.error().render();
  EXPECT_EQ(result->front().node["two"]["labels"]["a"].as<std::string>(), "b");
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
  auto docs = parse_yaml_stream(
      "data: {enabled: \"true\", port: '8080', plain: 8080, on: yes, name: x}\n"
      "list: [\"1.5\", ~, a]\n",
      "f.yaml");
  EXPECT_EQ(to_yaml_text(docs->at(0).node),
            "data:\n  enabled: \"true\"\n  port: \"8080\"\n  plain: 8080\n  on: yes\n  name: x\nlist:\n"
            "  - \"1.5\"\n  - ~\n  - a\n");
}

}  // namespace
}  // namespace ferry

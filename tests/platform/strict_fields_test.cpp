// Strict fields on every kind ferry reads (issue 22 item 2): each field of each kind's table, misspelt in a
// document that holds every field, is an error at the misspelt key naming the right field; the issue's own
// typos are pinned word for word.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/yaml_document.h"
#include "pipeline/promise_fields.h"
#include "platform/kind_fields.h"
#include "platform/loader.h"
#include "tests/platform/strict_fields_documents.h"

namespace ferry::runner {
namespace {

namespace docs = strict_documents;

std::vector<std::string> load_errors(const std::string& file, const std::string& text) {
  std::vector<std::string> out;
  for (const Error& error : load_platform_files("/p", {{file, text}}).errors) out.push_back(error.render());
  return out;
}

// One key of a document: where it starts in the text, its name and the path of the object holding it.
struct Key {
  std::size_t offset;
  int line, column;
  std::string name, path;
};

// Every key of `node` that `table` lists, recursively through the tables' nested links, in document order;
// `seen` collects which fields of each table the document holds.
void collect_keys(const YAML::Node& node, const FieldTable& table, const std::string& path,
                  std::vector<Key>& keys, std::map<const FieldTable*, std::set<std::string>>& seen) {
  if (!node.IsMap()) return;
  for (const auto& entry : node) {
    const std::string name = entry.first.Scalar();
    const YAML::Mark mark = entry.first.Mark();
    keys.push_back({static_cast<std::size_t>(mark.pos), mark.line + 1, mark.column + 1, name, path});
    seen[&table].insert(name);
    const KnownField* field = nullptr;
    for (const KnownField& f : table.fields) field = name == f.name ? &f : field;
    ASSERT_NE(field, nullptr) << "the document holds " << name << ", which the table of " << path << " lacks";
    if (field->nested == nullptr) continue;
    const std::string below = path.empty() ? name : path + "." + name;
    if (entry.second.IsMap()) collect_keys(entry.second, *field->nested, below, keys, seen);
    for (std::size_t i = 0; entry.second.IsSequence() && i < entry.second.size(); ++i)
      collect_keys(entry.second[i], *field->nested, below + "[" + std::to_string(i) + "]", keys, seen);
  }
}

struct KindCase {
  const char* kind;
  const std::string* text;
  const FieldTable* table;
};

void PrintTo(const KindCase& c, std::ostream* out) {
  *out << c.kind;
}

class StrictFields : public ::testing::TestWithParam<KindCase> {};

TEST_P(StrictFields, TheDocumentWithEveryFieldHasNoUnknownOne) {
  for (const std::string& error : load_errors("/p/kind.yaml", *GetParam().text)) {
    EXPECT_EQ(error.find("unknown field"), std::string::npos) << error;
  }
}

TEST_P(StrictFields, EveryFieldMisspeltIsAnErrorAtItsKeyNamingTheField) {
  const std::string& text = *GetParam().text;
  auto documents = parse_yaml_stream(text, "kind.yaml");
  ASSERT_TRUE(documents.ok()) << documents.error().render();
  std::vector<Key> keys;
  std::map<const FieldTable*, std::set<std::string>> seen;
  collect_keys(documents->front().node, *GetParam().table, "", keys, seen);
  // The document covers every field of every table it reaches; ObjectMeta's in the Promise's document.
  for (const auto& [table, names] : seen) {
    if (table == &object_meta_fields() && GetParam().table != &pipeline::promise_fields()) continue;
    for (const KnownField& field : table->fields) EXPECT_TRUE(names.contains(field.name)) << field.name;
  }
  for (const Key& key : keys) {
    std::string misspelt = text;
    misspelt.insert(key.offset + key.name.size(), 1, key.name.back());  // "matchLabels" -> "matchLabelss"
    const std::string where = key.path.empty() ? "the document" : "\"" + key.path + "\"";
    const std::string expected = "/p/kind.yaml:" + std::to_string(key.line) + ":" +
                                 std::to_string(key.column) + ": unknown field \"" + key.name +
                                 key.name.back() + "\" in " + where + "; did you mean \"" + key.name + "\"?";
    const std::vector<std::string> errors = load_errors("/p/kind.yaml", misspelt);
    EXPECT_NE(std::find(errors.begin(), errors.end(), expected), errors.end())
        << expected << "\nfound:\n"
        << (errors.empty() ? "no error" : errors.front());
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryKind, StrictFields,
    ::testing::Values(KindCase{"Promise", &docs::kPromise, &pipeline::promise_fields()},
                      KindCase{"Destination", &docs::kDestination, &destination_fields()},
                      KindCase{"GitStateStore", &docs::kGitStateStore, &git_state_store_fields()},
                      KindCase{"Metric", &docs::kMetric, &metric_fields()},
                      KindCase{"MetricsProvider", &docs::kMetricsProvider, &metrics_provider_fields()},
                      KindCase{"Location", &docs::kLocation, &scheduling_object_fields()}),
    [](const ::testing::TestParamInfo<KindCase>& info) { return std::string(info.param.kind); });

}  // namespace
}  // namespace ferry::runner

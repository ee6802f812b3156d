// check_known_fields and refuse_fields on small tables of their own: the nested walk with its paths, the
// suggestion or the list of known names, and the refusal of a listed field at its key, in document order.
#include "core/known_fields.h"

#include <gtest/gtest.h>

namespace ferry {
namespace {

const FieldTable& item_fields() {
  static const FieldTable table{{{"key"}, {"path"}}};
  return table;
}

const FieldTable& source_fields() {
  static const FieldTable table{{{"name"}, list_of("items", &item_fields()), {"sizeLimit"}, {"medium"}}};
  return table;
}

YAML::Node node_of(const std::string& text) {
  auto documents = parse_yaml_stream(text, "f.yaml");
  EXPECT_TRUE(documents.ok());
  return documents->at(0).node;
}

std::string checked(const std::string& text) {
  Status status = check_known_fields(node_of(text), source_fields(), "spec", "f.yaml");
  return status ? "ok" : status.error().render();
}

std::string refused(const std::string& text) {
  static const std::vector<RefusedField> reasons = {{"sizeLimit", "is not enforced: remove it"},
                                                    {"medium", "is refused here: remove it"}};
  Status status = refuse_fields(node_of(text), reasons, "spec", "f.yaml");
  return status ? "ok" : status.error().render();
}

TEST(KnownFields, AKeyInAListOfObjectsIsCheckedWithItsPathAndTheNearestName) {
  EXPECT_EQ(checked("{name: a, items: [{key: k, path: p}, {key: k, paht: p}]}"),
            "f.yaml:1:47: unknown field \"paht\" in \"spec.items[1]\"; did you mean \"path\"?");
  EXPECT_EQ(
      checked("{name: a, colour: red}"),
      "f.yaml:1:11: unknown field \"colour\" in \"spec\"; known fields: name, items, sizeLimit, medium");
  EXPECT_EQ(checked("{name: a, items: [{key: k}], sizeLimit: 1Gi}"), "ok");
}

TEST(KnownFields, RefuseFieldsRefusesTheFirstListedKeyInDocumentOrderAtTheKey) {
  EXPECT_EQ(refused("{name: a, medium: x, sizeLimit: 1Gi}"),
            "f.yaml:1:11: \"spec.medium\" is refused here: remove it");
  EXPECT_EQ(refused("{sizeLimit: {}}"), "f.yaml:1:2: \"spec.sizeLimit\" is not enforced: remove it");
  EXPECT_EQ(refused("{name: a}"), "ok");
  EXPECT_EQ(refused("[sizeLimit]"), "ok");  // not a map: the parser names the type it wants
}

}  // namespace
}  // namespace ferry

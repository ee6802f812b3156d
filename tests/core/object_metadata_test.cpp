// The one reader of an object's metadata (core/object_metadata.h): the fields asked for, and the errors.
#include "core/object_metadata.h"

#include <gtest/gtest.h>

namespace ferry {
namespace {

YamlDocument metadata_document(const std::string& text) {
  auto documents = parse_yaml_stream(text, "o.yaml");
  EXPECT_TRUE(documents.ok() && documents->size() == 1) << text;
  return documents->front();
}

std::string metadata_error(const std::string& text, MetadataFields fields) {
  auto read = read_object_metadata(metadata_document(text), fields);
  EXPECT_FALSE(read.ok()) << text;
  return read.ok() ? "" : read.error().render();
}

TEST(ObjectMetadata, ReadsTheNameAndTheFieldsAskedFor) {
  const YamlDocument document = metadata_document(
      "metadata:\n  name: a\n  namespace: team\n  annotations: {note: x}\n  labels: {env: dev}\n");
  auto all = read_object_metadata(document, {.namespace_ = true, .annotations = true, .labels = true});
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->name, "a");
  EXPECT_EQ(all->namespace_, "team");
  EXPECT_EQ(all->annotations, (Labels{{"note", "x"}}));
  EXPECT_EQ(all->labels, (Labels{{"env", "dev"}}));
  auto name_only = read_object_metadata(document);
  ASSERT_TRUE(name_only.ok());
  EXPECT_EQ(name_only->namespace_, std::nullopt);
  EXPECT_TRUE(name_only->annotations.empty());
  EXPECT_TRUE(name_only->labels.empty());
}

TEST(ObjectMetadata, AFieldNotAskedForIsNotRead) {
  auto read =
      read_object_metadata(metadata_document("metadata:\n  name: a\n  labels: [x]\n  namespace: [y]\n"));
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->name, "a");
}

TEST(ObjectMetadata, RequiredMetadataIsAMapOfItsOwn) {
  EXPECT_EQ(metadata_error("kind: X\n", {}), "o.yaml:1:1: missing required field \"metadata\"");
  EXPECT_EQ(metadata_error("kind: X\nmetadata: [a]\n", {}),
            "o.yaml:2:11: \"metadata\" must be a map, found a list");
}

TEST(ObjectMetadata, OptionalMetadataMakesTheNameTheMissingField) {
  const MetadataFields lenient{.metadata_required = false};
  EXPECT_EQ(metadata_error("kind: X\n", lenient), "o.yaml: missing required field \"metadata.name\"");
  EXPECT_EQ(metadata_error("kind: X\nmetadata: [a]\n", lenient),
            "o.yaml:2:11: missing required field \"metadata.name\"");
}

TEST(ObjectMetadata, TheFirstBadFieldInReadingOrderIsTheError) {
  const std::string text = "metadata:\n  name: a\n  namespace: [n]\n  annotations: [x]\n  labels: [y]\n";
  EXPECT_EQ(metadata_error(text, {.namespace_ = true, .annotations = true, .labels = true}),
            "o.yaml:3:14: \"metadata.namespace\" must be a string, found a list");
  EXPECT_EQ(metadata_error(text, {.annotations = true, .labels = true}),
            "o.yaml:4:16: \"metadata.annotations\" must be a map of strings, found a list");
  EXPECT_EQ(metadata_error(text, {.labels = true}),
            "o.yaml:5:11: \"metadata.labels\" must be a map of strings, found a list");
  EXPECT_EQ(metadata_error("metadata:\n  name: \"\"\n", {}),
            "o.yaml:2:3: missing required field \"metadata.name\"");
}

}  // namespace
}  // namespace ferry

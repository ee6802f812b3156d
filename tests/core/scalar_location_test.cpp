// Locations inside a YAML scalar's text (core/scalar_location.h).
#include "core/scalar_location.h"

#include <gtest/gtest.h>

#include "core/yaml_document.h"

namespace ferry {
namespace {

TEST(ScalarLocation, APlainScalarsTextStartsAtItsMark) {
  auto documents = parse_yaml_stream("key: value\n", "s.yaml");
  ASSERT_TRUE(documents.ok());
  EXPECT_EQ(scalar_text_start(documents->front().node["key"], "s.yaml"), (SourceLocation{"s.yaml", 1, 6}));
}

TEST(ScalarLocation, AQuotedScalarsTextStartsAfterItsOpeningQuote) {
  auto documents = parse_yaml_stream("key: \"value\"\nother: 'x'\n", "s.yaml");
  ASSERT_TRUE(documents.ok());
  EXPECT_EQ(scalar_text_start(documents->front().node["key"], "s.yaml"), (SourceLocation{"s.yaml", 1, 7}));
  EXPECT_EQ(scalar_text_start(documents->front().node["other"], "s.yaml"), (SourceLocation{"s.yaml", 2, 9}));
}

TEST(ScalarLocation, AnOffsetIntoTheTextMovesTheColumnOnly) {
  const SourceLocation start{"s.yaml", 3, 7};
  EXPECT_EQ(location_in_text(start, 0), start);
  EXPECT_EQ(location_in_text(start, 5), (SourceLocation{"s.yaml", 3, 12}));
}

}  // namespace
}  // namespace ferry

// The one number reader (core/finite_number.h): its two spellings, and the located message of a YAML field.
#include "core/finite_number.h"

#include <gtest/gtest.h>

#include "core/finite_number_field.h"
#include "core/yaml_document.h"

namespace ferry {
namespace {

TEST(FiniteNumber, BothSpellingsReadPlainDecimals) {
  for (const NumberSpelling spelling : {NumberSpelling::strtod, NumberSpelling::decimal}) {
    EXPECT_EQ(parse_finite_number("0.9", spelling), 0.9);
    EXPECT_EQ(parse_finite_number("-3", spelling), -3.0);
    EXPECT_EQ(parse_finite_number("1e3", spelling), 1000.0);
    EXPECT_EQ(parse_finite_number("+2", spelling), 2.0);
  }
}

TEST(FiniteNumber, NeitherSpellingTakesEmptyTrailingOrNonFiniteText) {
  for (const NumberSpelling spelling : {NumberSpelling::strtod, NumberSpelling::decimal}) {
    for (const char* text : {"", "abc", "1x", "1 ", "NaN", "Inf", "-inf", "1e999", "+", "+-1"}) {
      EXPECT_EQ(parse_finite_number(text, spelling), std::nullopt) << text;
    }
    EXPECT_EQ(parse_finite_number(std::string("1\0"
                                              "2",
                                              3),
                                  spelling),
              std::nullopt);
  }
}

TEST(FiniteNumber, StrtodAlsoTakesLeadingSpaceHexadecimalAndUnderflow) {
  EXPECT_EQ(parse_finite_number(" 1.5", NumberSpelling::strtod), 1.5);
  EXPECT_EQ(parse_finite_number("0x10", NumberSpelling::strtod), 16.0);
  EXPECT_EQ(parse_finite_number("1e-400", NumberSpelling::strtod), 0.0);
  EXPECT_EQ(parse_finite_number(" 1.5", NumberSpelling::decimal), std::nullopt);
  EXPECT_EQ(parse_finite_number("0x10", NumberSpelling::decimal), std::nullopt);
  EXPECT_EQ(parse_finite_number("1e-400", NumberSpelling::decimal), std::nullopt);
}

TEST(FiniteNumber, AFieldThatIsNotANumberIsAnErrorAtTheNode) {
  auto documents = parse_yaml_stream("a: 0.5\nb: \"high\"\nc: [1]\n", "n.yaml");
  ASSERT_TRUE(documents.ok());
  const YAML::Node& node = documents->front().node;
  auto a = read_finite_number(node["a"], "spec.a", "n.yaml", NumberSpelling::decimal);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(*a, 0.5);
  auto b = read_finite_number(node["b"], "spec.b", "n.yaml", NumberSpelling::strtod);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error().render(), "n.yaml:2:4: \"spec.b\" must be a number, found \"high\"");
  auto c = read_finite_number(node["c"], "spec.c", "n.yaml", NumberSpelling::strtod);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().render(), "n.yaml:3:4: \"spec.c\" must be a number, found a list");
}

}  // namespace
}  // namespace ferry

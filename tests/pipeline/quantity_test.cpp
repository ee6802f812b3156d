// parse_quantity over Kubernetes' quantity syntax: every suffix kind, fractions rounded up as the kubelet
// rounds them, and the spellings the API server refuses.
#include "pipeline/quantity.h"

#include <gtest/gtest.h>

namespace ferry::pipeline {
namespace {

struct QuantityCase {
  std::string text;
  std::int64_t per_unit;
  std::optional<std::int64_t> expected;
};

TEST(Quantity, ParsesEverySuffixExactly) {
  const std::vector<QuantityCase> cases = {
      {"1", 1000, 1000},
      {"500m", 1000, 500},
      {"0.5", 1000, 500},
      {"1.5", 1000, 1500},
      {"2500u", 1000, 3},
      {"100n", 1000, 1},
      {"0", 1000, 0},
      {"+2", 1000, 2000},
      {"1e3", 1000, 1000000},
      {"1E-3", 1000, 1},
      {"128Mi", 1, 134217728},
      {"1Gi", 1, 1073741824},
      {"1Ki", 1, 1024},
      {"2Ti", 1, 2199023255552},
      {"1G", 1, 1000000000},
      {"1.5G", 1, 1500000000},
      {"129M", 1, 129000000},
      {"123", 1, 123},
      {"0.1", 1, 1},
      {"1k", 1, 1000},
      {"1Pi", 1, 1125899906842624},
      {"1P", 1, 1000000000000000},
      {".5", 1000, 500},
      {"5.", 1, 5},
      {"007", 1, 7},
      {"1m", 1, 1},  // a thousandth of a byte rounds up to one
  };
  for (const QuantityCase& c : cases) {
    EXPECT_EQ(parse_quantity(c.text, c.per_unit), c.expected) << c.text;
  }
}

TEST(Quantity, RefusesWhatKubernetesRefuses) {
  for (const std::string text : {"", "-1", "1.2.3", "12x", "1KI", "Mi", "1 Mi", "1Mib", "e3", "1e", "1e1234",
                                 "abc", "0x10", "9999999999999999999Ei", "1.5.Gi"}) {
    EXPECT_EQ(parse_quantity(text, 1), std::nullopt) << text;
  }
}

TEST(Quantity, RefusesWhatDoesNotFitInSixtyFourBits) {
  EXPECT_EQ(parse_quantity("8Ei", 1), std::nullopt);  // 2^63
  EXPECT_EQ(parse_quantity("7Ei", 1), std::int64_t{7} << 60);
  EXPECT_EQ(parse_quantity("10E", 1000), std::nullopt);
}

}  // namespace
}  // namespace ferry::pipeline

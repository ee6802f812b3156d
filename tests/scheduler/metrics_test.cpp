#include "scheduler/metrics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace ferry::scheduler {
namespace {

struct NormaliseCase {
  double min, max, raw, expected;
};
void PrintTo(const NormaliseCase& c, std::ostream* out) {
  *out << "[" << c.min << ", " << c.max << "] " << c.raw << " -> " << c.expected;
}

class Normalise : public ::testing::TestWithParam<NormaliseCase> {};

TEST_P(Normalise, MapsMinMaxOntoZeroOneAndClamps) {
  Metric metric;
  metric.min = GetParam().min;
  metric.max = GetParam().max;
  EXPECT_DOUBLE_EQ(normalise(metric, GetParam().raw), GetParam().expected);
}

INSTANTIATE_TEST_SUITE_P(Table, Normalise,
                         ::testing::Values(NormaliseCase{0, 5, 0.9, 0.18},  // seed 003: heat demand in [0, 5]
                                           NormaliseCase{0, 5, 0, 0}, NormaliseCase{0, 5, 5, 1},
                                           NormaliseCase{0, 5, 7.5, 1}, NormaliseCase{0, 5, -2, 0},
                                           NormaliseCase{-10, 10, 5, 0.75},
                                           NormaliseCase{100, 200, 125, 0.25}));

TEST(ParseMetricNumber, AcceptsWholeFiniteDecimalsOnly) {
  const std::pair<const char*, std::optional<double>> table[] = {
      {"0.9", 0.9},           {"5", 5.0},
      {"-3", -3.0},           {"+2", 2.0},
      {"1e3", 1000.0},        {".5", 0.5},
      {"", std::nullopt},     {"abc", std::nullopt},
      {"1x", std::nullopt},   {"NaN", std::nullopt},
      {"+Inf", std::nullopt}, {"-Inf", std::nullopt},
      {" 1", std::nullopt},   {"+-1", std::nullopt},
      {"+", std::nullopt},    {"0x10", std::nullopt}};
  for (const auto& [text, expected] : table) EXPECT_EQ(parse_metric_number(text), expected) << text;
}

}  // namespace
}  // namespace ferry::scheduler

// Krake's score (seed 003) and Crossplane's preferred terms, against hand-computed values.
#include "scheduler/score.h"

#include <gtest/gtest.h>

namespace ferry::scheduler {
namespace {

Destination with_metrics(std::string name, std::vector<DestinationMetric> metrics) {
  Destination d{name, {}, false, name, "GitStateStore", "s", {}};
  d.metrics = std::move(metrics);
  return d;
}

// The seed's example: heat_demand_zone_1 with weight 0.45 (rok ... --global-metric heat_demand_zone_1 0.45),
// values as the static provider gives them, already normalised by the caller.
TEST(Score, KrakesWeightedMeanWithStickiness) {
  const Destination a = with_metrics("a", {{"heat_demand_zone_1", 0.45}});
  const Destination b = with_metrics("b", {{"heat_demand_zone_1", 0.45}, {"electricity_cost_1", 0.1}});
  const Destination c = with_metrics("c", {});
  const std::map<std::string, double> values = {{"heat_demand_zone_1", 0.9}, {"electricity_cost_1", 0.1}};
  const auto scores = score_candidates({{&a, true}, {&b, false}, {&c, false}}, 0.1, values);
  // a: (1·0.1 + 0.9·0.45) / (0.1 + 0.45) = 0.505 / 0.55 = 0.9181818...
  EXPECT_DOUBLE_EQ(scores[0].krake, 0.505 / 0.55);
  EXPECT_EQ(scores[0].krake_terms,
            (std::vector<ScoreTerm>{{"stickiness", 1.0, 0.1}, {"metric heat_demand_zone_1", 0.9, 0.45}}));
  // b: (0·0.1 + 0.9·0.45 + 0.1·0.1) / (0.1 + 0.45 + 0.1) = 0.415 / 0.65 = 0.6384615...
  EXPECT_DOUBLE_EQ(scores[1].krake, 0.415 / 0.65);
  // c has no metrics while a and b have: filtered out.
  EXPECT_TRUE(scores[2].filtered_out);
  EXPECT_EQ(scores[2].note, "filtered out: other candidates have metrics");
  EXPECT_EQ(best_score(scores, "g"), 0u);
}

// Stickiness is the migration threshold: another Destination must beat the current one by more than it.
TEST(Score, StickinessHoldsUntilAnotherDestinationBeatsIt) {
  const Destination current = with_metrics("current", {{"load", 1}});
  const Destination other = with_metrics("other", {{"load2", 1}});
  // current: (1·0.1 + 0.5·1) / 1.1 = 0.545454...; other: 0.55·1 / 1.1 = 0.5 → stays
  auto scores = score_candidates({{&current, true}, {&other, false}}, 0.1, {{"load", 0.5}, {"load2", 0.55}});
  EXPECT_DOUBLE_EQ(scores[0].total, 0.6 / 1.1);
  EXPECT_DOUBLE_EQ(scores[1].total, 0.55 / 1.1);
  EXPECT_EQ(best_score(scores, "g"), 0u);
  // other: 0.65 / 1.1 = 0.590909... > 0.545454... → moves
  scores = score_candidates({{&current, true}, {&other, false}}, 0.1, {{"load", 0.5}, {"load2", 0.65}});
  EXPECT_EQ(best_score(scores, "g"), 1u);
}

TEST(Score, WithoutAnyMetricsOnlyStickinessCounts) {
  const Destination a = with_metrics("a", {});
  const Destination b = with_metrics("b", {});
  const auto scores = score_candidates({{&a, false}, {&b, true}}, 0.1, {});
  EXPECT_DOUBLE_EQ(scores[0].total, 0.0);  // 0 · 0.1
  EXPECT_DOUBLE_EQ(scores[1].total, 0.1);  // 1 · 0.1
  EXPECT_FALSE(scores[0].filtered_out);
  EXPECT_EQ(best_score(scores, "g"), 1u);
}

TEST(Score, AMetricWithoutAValueMeansNoMetricsAndSaysSo) {
  const Destination a = with_metrics("a", {{"heat", 1}, {"broken", 1}});
  const Destination b = with_metrics("b", {{"heat", 1}});
  const auto scores = score_candidates({{&a, true}, {&b, false}}, 0.1, {{"heat", 0.2}});
  EXPECT_FALSE(scores[0].has_metrics);
  EXPECT_DOUBLE_EQ(scores[0].krake, 0.1);  // 1 · 0.1, as a Destination without metrics
  EXPECT_EQ(scores[0].note,
            "metric broken has no value (its provider failed): scored as having no metrics; "
            "filtered out: other candidates have metrics");
  EXPECT_TRUE(scores[0].filtered_out);
  EXPECT_EQ(best_score(scores, "g"), 1u);  // b: 0.2·1 / 1.1
}

TEST(Score, PreferredTermsAddOrSubtractWeightOverAHundred) {
  const Destination a = with_metrics("a", {});
  const Destination b = with_metrics("b", {});
  const std::vector<Candidate> candidates = {
      {&a,
       false,
       {{"preferred cluster affinity tier in (gold)", 50, true}, {"preferred anti", 100, true, true}}},
      {&b,
       true,
       {{"preferred cluster affinity tier in (gold)", 50, false}, {"preferred anti", 100, false, true}}},
  };
  const auto scores = score_candidates(candidates, 0.1, {});
  EXPECT_DOUBLE_EQ(scores[0].total, 0.5 - 1.0);  // 0 + 50/100 − 100/100
  EXPECT_DOUBLE_EQ(scores[1].total, 0.1);        // 1·0.1 + nothing matched
  EXPECT_EQ(scores[0].preference_terms,
            (std::vector<ScoreTerm>{{"preferred cluster affinity tier in (gold)", 1.0, 0.5},
                                    {"preferred anti", 1.0, -1.0}}));
  EXPECT_EQ(best_score(scores, "g"), 1u);
}

TEST(Score, EqualScoresBreakByTheStableHashWhateverTheOrder) {
  const Destination a = with_metrics("a", {});
  const Destination b = with_metrics("b", {});
  const Destination c = with_metrics("c", {});
  for (const std::string key : {"ns/r1/p/g", "ns/r2/p/g", "ns/r3/p/g"}) {
    const auto forward = score_candidates({{&a}, {&b}, {&c}}, 0.1, {});
    const auto backward = score_candidates({{&c}, {&b}, {&a}}, 0.1, {});
    const std::string chosen = forward[*best_score(forward, key)].destination;
    EXPECT_EQ(backward[*best_score(backward, key)].destination, chosen);
    for (const std::string other : {"a", "b", "c"}) {
      EXPECT_GE(rendezvous_score(key, chosen), rendezvous_score(key, other));
    }
  }
  EXPECT_EQ(best_score({}, "g"), std::nullopt);
}

}  // namespace
}  // namespace ferry::scheduler

// Spread and count: N Destinations over the values of a label, within a maximum skew, deterministically.
#include "scheduler/spread.h"

#include <gtest/gtest.h>

namespace ferry::scheduler {
namespace {

// Ranked best first: three in eu, two in us, one in ap, one without a zone.
const std::vector<RankedCandidate> kRanked = {
    {"eu-1", {{"zone", "eu"}}},
    {"eu-2", {{"zone", "eu"}}},
    {"eu-3", {{"zone", "eu"}}},
    {"us-1", {{"zone", "us"}}},
    {"nozone", {}},
    {"us-2", {{"zone", "us"}}},
    {"ap-1", {{"zone", "ap"}}},
};

struct SpreadRow {
  SpreadConstraint constraint;
  std::vector<std::string> chosen;
  std::string shortfall;
};

const std::vector<SpreadRow> kSpreadRows = {
    // No key: the best N.
    {{3, "", 1}, {"eu-1", "eu-2", "eu-3"}, ""},
    // Skew 1 over eu/us/ap: one per zone first (eu-1, then eu-2 would make eu 2 vs 0: refused), then again.
    {{3, "zone", 1}, {"eu-1", "us-1", "ap-1"}, ""},
    {{5, "zone", 1}, {"eu-1", "us-1", "ap-1", "eu-2", "us-2"}, ""},
    // ap is exhausted after one: it no longer holds eu and us back.
    {{6, "zone", 1}, {"eu-1", "us-1", "ap-1", "eu-2", "us-2", "eu-3"}, ""},
    // Skew 2: eu may lead by two, so the better-ranked eu-2 comes before us-1.
    {{3, "zone", 2}, {"eu-1", "eu-2", "us-1"}, ""},
    {{9, "zone", 1},
     {"eu-1", "us-1", "ap-1", "eu-2", "us-2", "eu-3"},
     "only 6 of 9 Destinations take the group"},
};

TEST(Spread, TableOfCountsAndSkews) {
  for (const SpreadRow& row : kSpreadRows) {
    const SpreadResult result = spread(kRanked, row.constraint);
    EXPECT_EQ(result.chosen, row.chosen) << row.constraint.count << " " << row.constraint.max_skew;
    EXPECT_EQ(result.shortfall, row.shortfall);
  }
}

TEST(Spread, ReportsDomainsAndSkippedCandidates) {
  const SpreadResult result = spread(kRanked, {5, "zone", 1});
  EXPECT_EQ(result.per_domain, (std::map<std::string, int>{{"ap", 1}, {"eu", 2}, {"us", 2}}));
  EXPECT_EQ(result.skipped, (std::vector<std::string>{"nozone"}));
}

}  // namespace
}  // namespace ferry::scheduler

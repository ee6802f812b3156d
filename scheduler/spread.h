// Spread and count (as OCM's numberOfClusters and Karmada's spread constraints): place one group on N
// Destinations, spread over the values of a label with a maximum skew. Deterministic: the input order is
// the ranking (best first) and decides every tie.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/labels.h"

namespace ferry::scheduler {

struct SpreadConstraint {
  int count = 1;             // how many Destinations take the group
  std::string topology_key;  // "" places on the best `count` without spreading
  int max_skew = 1;          // max placements of one domain − min placements of another, 1 or more
  bool operator==(const SpreadConstraint&) const = default;
};

struct RankedCandidate {
  std::string destination;
  Labels labels;
};

struct SpreadResult {
  std::vector<std::string> chosen;        // in the order picked
  std::map<std::string, int> per_domain;  // placements per value of topology_key
  std::vector<std::string> skipped;       // candidates without the topology key
  std::string shortfall;                  // set when fewer than `count` could be placed
};

// Greedy, one placement at a time: take the best-ranked remaining candidate whose domain stays within
// max_skew of the least-used domain that still has candidates; if none does, the best-ranked candidate of
// that least-used domain. So the skew is the smallest the candidates allow, and within max_skew better
// ranked Destinations win.
SpreadResult spread(const std::vector<RankedCandidate>& ranked, const SpreadConstraint& constraint);

}  // namespace ferry::scheduler

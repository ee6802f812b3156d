// Scores (priorities): Krake's weighted mean of metric values and stickiness (seed 003), plus Crossplane's
// preferred affinity terms (seed 002). Pure arithmetic; every term is kept for `ferry explain`.
//
// For a Destination d with metrics m_1..m_n (weights w_i from its scheduling.ferry.dev/metrics annotation,
// values v_i already normalised to 0..1), stickiness value s (1.0 when d holds the group now, else 0) and
// stickiness weight W (default 0.1):
//
//   krake(d) = (s·W + Σ v_i·w_i) / (W + Σ w_i)      when d has metrics
//   krake(d) = s·W                                   when it has none (Krake's exact formulas)
//
// Preferred terms (cluster affinity, workload affinity and anti-affinity), each with weight p_j in 1..100
// and matched_j in {0, 1}, are added on top, anti-affinity with a minus sign:
//
//   total(d) = krake(d) + Σ_affinity p_j·matched_j / 100 − Σ_anti-affinity p_j·matched_j / 100
//
// so one preferred term of weight 100 outweighs any difference of metrics, as Kubernetes' weights are
// meant to. Crossplane's priority functions (seed 002: "an integer between 1 and 10") are terms of the same
// kind whose match earns s_k/10 of their weight: + Σ_functions w_k·s_k / 1000. Krake's rule that Destinations
// with metrics beat those without: when any candidate has metrics, the candidates without are filtered out. A
// metric of d missing from the given values means its provider failed: d is scored as having no metrics, and
// its note says so. Equal totals break by the stable rendezvous hash of (group key, Destination), never at
// random.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "scheduler/destination.h"

namespace ferry::scheduler {

inline constexpr double kDefaultStickinessWeight = 0.1;

// A preferred term already evaluated on one Destination (by scheduler/affinity.h).
struct PreferenceTerm {
  std::string description;  // e.g. "preferred cluster affinity crossplane.io/provider in (aws)"
  int weight = 1;           // 1..100
  bool matched = false;
  bool anti = false;  // workload anti-affinity: a match lowers the score
  double share = 1;   // the part of the weight a match earns: score/10 for a priority function
  bool operator==(const PreferenceTerm&) const = default;
};

// A priority function (seed 002: predicates filter, priorities score 1..10, the weighted scores add up):
// labelScore scores a Destination by the value of one of its labels, from `scores`; a Destination without
// the label, or with a value not listed, scores 1, the lowest.
struct PriorityFunction {
  int weight = 1;  // 1..100
  std::string label;
  std::map<std::string, int> scores;  // label value -> 1..10
  bool operator==(const PriorityFunction&) const = default;
};

// The function's score of a Destination with these labels, 1..10.
int priority_score(const PriorityFunction& function, const Labels& labels);
// "priority labelScore tier (gold=10,silver=5)"
std::string to_string(const PriorityFunction& function);

// One addend of the score: value·weight over the denominator of its part.
struct ScoreTerm {
  std::string name;  // "stickiness", "metric heat_demand_zone_1", or a PreferenceTerm's description
  double value = 0;
  double weight = 0;
  bool operator==(const ScoreTerm&) const = default;
};

struct Candidate {
  const Destination* destination = nullptr;
  bool current = false;  // the group is placed there now
  std::vector<PreferenceTerm> preferences = {};
};

struct Score {
  std::string destination;
  std::vector<ScoreTerm> krake_terms;  // stickiness first, then metrics in annotation order
  double krake = 0;
  std::vector<ScoreTerm> preference_terms;  // weight is p_j / 100, negative for anti-affinity
  double total = 0;
  bool has_metrics = false;
  bool filtered_out = false;  // has no metrics while another candidate has
  std::string note;           // why metrics were ignored, or why it was filtered out
};

// Scores every candidate, in the given order.
std::vector<Score> score_candidates(const std::vector<Candidate>& candidates, double stickiness_weight,
                                    const std::map<std::string, double>& normalised_metric_values);

// The index of the best score that is not filtered out (highest total; ties by rendezvous_score of
// (group_key, destination), highest wins), or nothing when every score is filtered out or there are none.
std::optional<std::size_t> best_score(const std::vector<Score>& scores, const std::string& group_key);

// The stable rendezvous hash decide() ranks Destinations by.
std::uint64_t rendezvous_score(const std::string& group_key, const std::string& destination);

}  // namespace ferry::scheduler

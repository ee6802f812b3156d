#include "scheduler/score.h"

#include "core/stable_hash.h"

namespace ferry::scheduler {
namespace {

// Krake's part: stickiness and, when every metric has a value, the metrics.
void score_krake(const Candidate& c, double stickiness_weight, const std::map<std::string, double>& values,
                 Score& score) {
  const double stickiness = c.current ? 1.0 : 0.0;
  score.krake_terms.push_back({"stickiness", stickiness, stickiness_weight});
  for (const DestinationMetric& m : c.destination->metrics) {
    if (values.find(m.name) == values.end()) {
      score.note = "metric " + m.name + " has no value (its provider failed): scored as having no metrics";
      score.krake_terms.resize(1);
      score.krake = stickiness * stickiness_weight;
      return;
    }
    score.krake_terms.push_back({"metric " + m.name, values.at(m.name), m.weight});
  }
  score.has_metrics = score.krake_terms.size() > 1;
  if (!score.has_metrics) {
    score.krake = stickiness * stickiness_weight;
    return;
  }
  double weighted = 0, weights = 0;
  for (const ScoreTerm& t : score.krake_terms) {
    weighted += t.value * t.weight;
    weights += t.weight;
  }
  score.krake = weighted / weights;
}

void score_preferences(const Candidate& c, Score& score) {
  double sum = 0;
  for (const PreferenceTerm& p : c.preferences) {
    const double weight = (p.anti ? -1.0 : 1.0) * p.weight / 100.0;
    score.preference_terms.push_back({p.description, p.matched ? p.share : 0.0, weight});
    if (p.matched) sum += weight * p.share;
  }
  score.total = score.krake + sum;
}

}  // namespace

int priority_score(const PriorityFunction& function, const Labels& labels) {
  const auto label = labels.find(function.label);
  if (label == labels.end()) return 1;
  const auto score = function.scores.find(label->second);
  return score == function.scores.end() ? 1 : score->second;
}

std::string to_string(const PriorityFunction& function) {
  std::string scores;
  for (const auto& [value, score] : function.scores)
    scores += (scores.empty() ? "" : ",") + value + "=" + std::to_string(score);
  return "priority labelScore " + function.label + " (" + scores + ")";
}

std::uint64_t rendezvous_score(const std::string& group_key, const std::string& destination) {
  std::string seed = group_key;
  seed.push_back('\0');
  seed += destination;
  return stable_hash(seed);
}

std::vector<Score> score_candidates(const std::vector<Candidate>& candidates, double stickiness_weight,
                                    const std::map<std::string, double>& normalised_metric_values) {
  std::vector<Score> scores;
  bool any_metrics = false;
  for (const Candidate& c : candidates) {
    Score score;
    score.destination = c.destination->name;
    score_krake(c, stickiness_weight, normalised_metric_values, score);
    score_preferences(c, score);
    any_metrics = any_metrics || score.has_metrics;
    scores.push_back(std::move(score));
  }
  for (Score& score : scores) {
    if (!any_metrics || score.has_metrics) continue;
    score.filtered_out = true;
    score.note += std::string(score.note.empty() ? "" : "; ") + "filtered out: other candidates have metrics";
  }
  return scores;
}

std::optional<std::size_t> best_score(const std::vector<Score>& scores, const std::string& group_key) {
  std::optional<std::size_t> best;
  std::uint64_t best_hash = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    if (scores[i].filtered_out) continue;
    const std::uint64_t hash = rendezvous_score(group_key, scores[i].destination);
    const bool better =
        !best || scores[i].total > scores[*best].total ||
        (scores[i].total == scores[*best].total &&
         (hash > best_hash || (hash == best_hash && scores[i].destination < scores[*best].destination)));
    if (better) {
      best = i;
      best_hash = hash;
    }
  }
  return best;
}

}  // namespace ferry::scheduler

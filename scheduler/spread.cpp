#include "scheduler/spread.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace ferry::scheduler {
namespace {

struct Pool {
  std::vector<std::pair<std::string, std::string>> remaining;  // (destination, domain), best first
  std::map<std::string, int> used;                             // every domain, 0 until picked
};

// The least-used count among domains that still have a remaining candidate.
int least_used(const Pool& pool) {
  int least = std::numeric_limits<int>::max();
  for (const auto& [destination, domain] : pool.remaining) least = std::min(least, pool.used.at(domain));
  return least;
}

std::size_t pick(const Pool& pool, int max_skew) {
  const int least = least_used(pool);
  for (std::size_t i = 0; i < pool.remaining.size(); ++i) {
    if (pool.used.at(pool.remaining[i].second) + 1 - least <= max_skew) return i;
  }
  for (std::size_t i = 0; i < pool.remaining.size(); ++i) {
    if (pool.used.at(pool.remaining[i].second) == least) return i;
  }
  return 0;
}

}  // namespace

SpreadResult spread(const std::vector<RankedCandidate>& ranked, const SpreadConstraint& constraint) {
  SpreadResult result;
  Pool pool;
  for (const RankedCandidate& c : ranked) {
    std::string domain;
    if (!constraint.topology_key.empty()) {
      const auto found = c.labels.find(constraint.topology_key);
      if (found == c.labels.end()) {
        result.skipped.push_back(c.destination);
        continue;
      }
      domain = found->second;
    }
    pool.remaining.emplace_back(c.destination, domain);
    pool.used.emplace(domain, 0);
  }
  const int max_skew =
      constraint.topology_key.empty() ? std::numeric_limits<int>::max() / 2 : constraint.max_skew;
  while (static_cast<int>(result.chosen.size()) < constraint.count && !pool.remaining.empty()) {
    const std::size_t i = pick(pool, max_skew);
    result.chosen.push_back(pool.remaining[i].first);
    ++pool.used[pool.remaining[i].second];
    pool.remaining.erase(pool.remaining.begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (!constraint.topology_key.empty()) {
    for (const auto& [domain, used] : pool.used) result.per_domain[domain] = used;
  }
  if (static_cast<int>(result.chosen.size()) < constraint.count) {
    result.shortfall = "only " + std::to_string(result.chosen.size()) + " of " +
                       std::to_string(constraint.count) + " Destinations take the group";
  }
  return result;
}

}  // namespace ferry::scheduler

#include "scheduler/destination_index.h"

#include <algorithm>
#include <iterator>
#include <numeric>
#include <set>

namespace ferry::scheduler {

DestinationIndex::DestinationIndex(const std::vector<Destination>& destinations)
    : size_(destinations.size()) {
  for (std::size_t i = 0; i < destinations.size(); ++i) {
    for (const auto& [key, value] : destinations[i].labels) by_label_[key][value].push_back(i);
    by_name_.try_emplace(destinations[i].name, i);
  }
}

std::optional<std::size_t> DestinationIndex::position_of(const std::string& name) const {
  const auto found = by_name_.find(name);
  if (found == by_name_.end()) return std::nullopt;
  return found->second;
}

std::vector<std::size_t> DestinationIndex::postings(const Requirement& r) const {
  const auto key = by_label_.find(r.key);
  if (key == by_label_.end()) return {};
  const auto list_of = [&](const std::string& value) {
    const auto found = key->second.find(value);
    return found == key->second.end() ? std::vector<std::size_t>{} : found->second;
  };
  if (r.op == Operator::equals) return list_of(r.value);
  std::vector<std::size_t> merged;
  for (const std::string& value : r.values) {
    const std::vector<std::size_t> more = list_of(value);
    std::vector<std::size_t> both;
    std::set_union(merged.begin(), merged.end(), more.begin(), more.end(), std::back_inserter(both));
    merged = std::move(both);
  }
  return merged;
}

std::size_t DestinationIndex::postings_size(const Requirement& r) const {
  const auto key = by_label_.find(r.key);
  if (key == by_label_.end()) return 0;
  const auto size_of = [&](const std::string& value) {
    const auto found = key->second.find(value);
    return found == key->second.end() ? std::size_t{0} : found->second.size();
  };
  if (r.op == Operator::equals) return size_of(r.value);
  // One key has one value per Destination, so the lists of distinct values are disjoint.
  std::set<std::string> distinct(r.values.begin(), r.values.end());
  std::size_t total = 0;
  for (const std::string& value : distinct) total += size_of(value);
  return total;
}

std::vector<std::size_t> DestinationIndex::may_match(const Selector& selector) const {
  const Requirement* shortest = nullptr;
  std::size_t shortest_size = 0;
  for (const Requirement& r : selector) {
    if (r.op != Operator::equals && r.op != Operator::in) continue;
    const std::size_t size = postings_size(r);
    if (!shortest || size < shortest_size) {
      shortest = &r;
      shortest_size = size;
    }
  }
  if (shortest) return postings(*shortest);
  std::vector<std::size_t> every(size_);
  std::iota(every.begin(), every.end(), std::size_t{0});
  return every;
}

}  // namespace ferry::scheduler

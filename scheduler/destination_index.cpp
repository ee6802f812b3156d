#include "scheduler/destination_index.h"

#include <algorithm>
#include <iterator>
#include <numeric>
#include <optional>

namespace ferry::scheduler {

DestinationIndex::DestinationIndex(const std::vector<Destination>& destinations)
    : size_(destinations.size()) {
  for (std::size_t i = 0; i < destinations.size(); ++i) {
    for (const auto& [key, value] : destinations[i].labels) by_label_[key][value].push_back(i);
  }
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

std::vector<std::size_t> DestinationIndex::may_match(const Selector& selector) const {
  std::optional<std::vector<std::size_t>> shortest;
  for (const Requirement& r : selector) {
    if (r.op != Operator::equals && r.op != Operator::in) continue;
    std::vector<std::size_t> list = postings(r);
    if (!shortest || list.size() < shortest->size()) shortest = std::move(list);
  }
  if (shortest) return *shortest;
  std::vector<std::size_t> every(size_);
  std::iota(every.begin(), every.end(), std::size_t{0});
  return every;
}

}  // namespace ferry::scheduler

// A label index over Destinations, so that matching a group costs what the Destinations that may match
// cost, not what all of them do: key=value → the Destinations with that label.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "scheduler/destination.h"
#include "scheduler/selector.h"

namespace ferry::scheduler {

class DestinationIndex {
 public:
  // Indexes `destinations` by position; the index must be used with that same vector.
  explicit DestinationIndex(const std::vector<Destination>& destinations);

  // Ascending positions of the Destinations that may match `selector`: the shortest posting list among its
  // equals and in requirements (an in's list is the union of its values' lists). A selector without such
  // requirements gives every position. A superset of the matches: callers still judge each candidate.
  std::vector<std::size_t> may_match(const Selector& selector) const;

  // The position of the first Destination called `name`, if any.
  std::optional<std::size_t> position_of(const std::string& name) const;

  // How many Destinations were indexed.
  std::size_t size() const { return size_; }

 private:
  std::vector<std::size_t> postings(const Requirement& requirement) const;
  // postings(requirement).size(), without building the list.
  std::size_t postings_size(const Requirement& requirement) const;

  std::size_t size_ = 0;
  std::map<std::string, std::map<std::string, std::vector<std::size_t>>>
      by_label_;  // key → value → positions
  std::map<std::string, std::size_t> by_name_;  // name → first position
};

}  // namespace ferry::scheduler

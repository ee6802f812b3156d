#include "placement/same_run_neighbours.h"

#include <algorithm>
#include <optional>
#include <tuple>

#include "placement/request_key.h"
#include "platform/object_text.h"

namespace ferry::runner {
namespace {

// Requests with one PlacementPolicy (or none) and equal labels: what one selects, it selects for all.
struct RequestClass {
  const scheduler::PlacementPolicy* policy = nullptr;
  Labels labels;
  std::vector<std::size_t> members;  // indices into the run's requests, in name order
};

auto name_order(const pipeline::Request& r) {
  return std::tie(r.namespace_, r.name, r.kind, r.promise);
}

std::vector<const scheduler::WorkloadAffinityTerm*> terms_of(const scheduler::PlacementPolicy* policy) {
  std::vector<const scheduler::WorkloadAffinityTerm*> terms;
  if (!policy) return terms;
  for (const auto* affinity : {&policy->workload_affinity, &policy->workload_anti_affinity}) {
    for (const auto& t : affinity->required) terms.push_back(&t);
    for (const auto& t : affinity->preferred) terms.push_back(&t.term);
  }
  return terms;
}

bool selects(const RequestClass& from, const RequestClass& to) {
  const auto terms = terms_of(from.policy);
  return std::any_of(terms.begin(), terms.end(),
                     [&](const auto* t) { return matches(t->label_selector, to.labels); });
}

std::vector<RequestClass> classes_of(const Platform& platform,
                                     const std::vector<const pipeline::Request*>& requests) {
  std::vector<std::size_t> by_name(requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) by_name[i] = i;
  std::sort(by_name.begin(), by_name.end(), [&](std::size_t a, std::size_t b) {
    return name_order(*requests[a]) < name_order(*requests[b]);
  });
  std::vector<RequestClass> classes;
  std::map<std::pair<const scheduler::PlacementPolicy*, Labels>, std::size_t> class_at;
  for (std::size_t i : by_name) {
    const auto governing = platform.policies_for(*requests[i]);  // several only for KCP Placements
    const scheduler::PlacementPolicy* policy = governing.empty() ? nullptr : governing.front();
    Labels labels = request_labels(*requests[i]);
    auto [at, added] = class_at.try_emplace({policy, labels}, classes.size());
    if (added) classes.push_back({policy, std::move(labels), {}});
    classes[at->second].members.push_back(i);
  }
  return classes;  // in the order of their first members' names
}

// decision_order(), and the labels of the requests it returns into `labels` (by request_key()).
std::vector<std::size_t> linked_order(const Platform& platform,
                                      const std::vector<const pipeline::Request*>& requests,
                                      std::map<std::string, Labels>* labels);

}  // namespace

std::vector<std::size_t> decision_order(const Platform& platform,
                                        const std::vector<const pipeline::Request*>& requests) {
  return linked_order(platform, requests, nullptr);
}

namespace {

std::vector<std::size_t> linked_order(const Platform& platform,
                                      const std::vector<const pipeline::Request*>& requests,
                                      std::map<std::string, Labels>* labels) {
  const bool any_terms = std::any_of(platform.policies.begin(), platform.policies.end(),
                                     [](const auto& policy) { return !terms_of(&policy).empty(); });
  if (!any_terms) return {};  // nothing to link: no request's labels are read
  const std::vector<RequestClass> classes = classes_of(platform, requests);
  const std::size_t n = classes.size();
  std::vector<std::vector<bool>> selected(n, std::vector<bool>(n));  // [a][b]: a's terms select b
  std::vector<bool> linked(n);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      selected[a][b] = selects(classes[a], classes[b]);
      // One request never counts as its own neighbour: a class links itself only with two members.
      if (selected[a][b] && (a != b || classes[a].members.size() > 1)) linked[a] = linked[b] = true;
    }
  }
  std::vector<std::size_t> order;
  std::vector<bool> emitted(n);
  for (std::size_t left = static_cast<std::size_t>(std::count(linked.begin(), linked.end(), true)); left;
       --left) {
    // The first class (by name) whose selected classes are all decided; in a cycle, the first one left.
    std::optional<std::size_t> next;
    for (std::size_t a = 0; a < n && !next; ++a) {
      if (!linked[a] || emitted[a]) continue;
      bool ready = true;
      for (std::size_t b = 0; b < n && ready; ++b)
        ready = b == a || !selected[a][b] || emitted[b] || !linked[b];
      if (ready) next = a;
    }
    for (std::size_t a = 0; a < n && !next; ++a) {
      if (linked[a] && !emitted[a]) next = a;
    }
    emitted[*next] = true;
    order.insert(order.end(), classes[*next].members.begin(), classes[*next].members.end());
    for (std::size_t i : classes[*next].members) {
      if (labels) (*labels)[request_key(*requests[i])] = classes[*next].labels;
    }
  }
  return order;
}

}  // namespace

SameRunPlacements::SameRunPlacements(const Platform& platform,
                                     const std::vector<const pipeline::Request*>& requests)
    : order_(linked_order(platform, requests, &labels_)) {}

void SameRunPlacements::record(const pipeline::Request& request,
                               const std::vector<std::string>& destinations) {
  if (destinations.empty()) return;
  const std::string key = request_key(request);
  decided_.insert(key);
  const auto known = labels_.find(key);
  const Labels labels = known != labels_.end() ? known->second : request_labels(request);
  for (const std::string& destination : destinations) {
    auto& placed = by_place_[{labels, destination}];
    // Two groups of one request on one Destination are one neighbour there.
    if (placed.empty() || placed.back().key != key)
      placed.push_back({key, request.namespace_ + "/" + request.name});
  }
}

std::vector<scheduler::PlacedWorkload> SameRunPlacements::workloads_except(const std::string& own_key) const {
  std::vector<scheduler::PlacedWorkload> workloads;
  for (const auto& [place, requests] : by_place_) {
    const auto others = [&](const Placed& p) { return p.key != own_key; };
    const auto first = std::find_if(requests.begin(), requests.end(), others);
    if (first == requests.end()) continue;
    const auto more = std::count_if(first + 1, requests.end(), others);
    workloads.push_back({first->name, place.first, place.second, true, static_cast<int>(more)});
  }
  return workloads;
}

}  // namespace ferry::runner

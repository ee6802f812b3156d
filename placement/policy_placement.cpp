#include "placement/policy_placement.h"

#include <algorithm>

namespace ferry::runner {
namespace {

std::vector<std::string> candidates_of(const scheduler::Decision& decision) {
  std::vector<std::string> names;
  for (const scheduler::DestinationVerdict& v : decision.verdicts) {
    if (v.eligible) names.push_back(v.destination);
  }
  return names;
}

std::string location_note(const scheduler::LocationChoice& choice) {
  std::string note = std::string("placement ") + scheduler::to_string(choice.state);
  if (choice.state == scheduler::PlacementState::pending) note += ", Ready False";
  if (!choice.location.empty()) note += ", Location " + choice.location;
  if (!choice.destination.empty()) note += ", Destination " + choice.destination;
  if (!choice.reason.empty()) note += ": " + choice.reason;
  return note;
}

// The group's selector as labels: its equality requirements (the rest is in the candidates already).
Labels selector_labels(const scheduler::Selector& selector) {
  Labels labels;
  for (const scheduler::Requirement& r : selector) {
    if (r.op == scheduler::Operator::equals) labels[r.key] = r.value;
  }
  return labels;
}

std::vector<std::string> holders(const std::vector<ExistingBundle>& existing, const GroupDecision& group) {
  std::vector<std::string> names;
  for (const ExistingBundle& b : existing) {
    if (b.pipeline == group.pipeline && group.group_id.starts_with(b.group_id5))
      names.push_back(b.destination);
  }
  return names;
}

SchedulerDestination destination_of(const scheduler::Destination& d, const MetricReadings& readings) {
  SchedulerDestination out{d.name, d.labels, {}};
  for (const scheduler::DestinationMetric& m : d.metrics) {
    const auto value = readings.normalised.find(m.name);
    if (value != readings.normalised.end()) out.metrics[m.name] = value->second;
  }
  return out;
}

SchedulerInput input_of(const Platform& platform, const pipeline::Request& request,
                        const scheduler::PlacementPolicy& policy, const RunScheduling& scheduling,
                        const std::vector<ExistingBundle>& existing,
                        const std::vector<const GroupDecision*>& groups) {
  SchedulerInput input{policy.name,
                       {request.api_version, request.kind, request.name, request.namespace_, request.promise,
                        request.object_yaml},
                       {},
                       {}};
  std::vector<std::string> listed;
  for (const GroupDecision* g : groups) {
    const std::vector<std::string> candidates = candidates_of(g->decision);
    input.groups.push_back({external_group_key(*g), g->pipeline, g->directory == "." ? "" : g->directory,
                            selector_labels(g->selector), candidates, holders(existing, *g),
                            policy.spread ? policy.spread->count : 1});
    listed.insert(listed.end(), candidates.begin(), candidates.end());
  }
  for (const scheduler::Destination& d : platform.destinations) {
    if (std::find(listed.begin(), listed.end(), d.name) != listed.end())
      input.destinations.push_back(destination_of(d, scheduling.readings()));
  }
  return input;
}

}  // namespace

void schedule_by_policy(const scheduler::GroupToPlace& to_place, const scheduler::PlacementPolicy& policy,
                        const Platform& platform, const RunScheduling& scheduling,
                        const scheduler::SchedulingContext& context, GroupDecision& decided) {
  decided.decision = scheduler::schedule(to_place, &policy, platform.destinations, context);
  decided.policy = policy.name;
  std::vector<std::string> judged;
  for (const auto& v : decided.decision.verdicts) judged.push_back(v.destination);
  decided.notes = scheduling.failures_for(judged);
  if (decided.decision.location) decided.notes.push_back(location_note(*decided.decision.location));
}

std::string external_group_key(const GroupDecision& group) {
  return group.pipeline + "/" + (group.directory == "." ? "default" : group.directory);
}

Status choose_externally(const Platform& platform, const pipeline::Request& request,
                         const scheduler::PlacementPolicy& policy, const RunScheduling& scheduling,
                         const std::vector<ExistingBundle>& existing, std::vector<GroupDecision>& decisions) {
  std::vector<const GroupDecision*> asked;
  for (const GroupDecision& g : decisions) {
    if (!candidates_of(g.decision).empty()) asked.push_back(&g);
  }
  if (asked.empty()) return ok();
  auto answer = scheduling.chooser()(*policy.scheduler_name,
                                     input_of(platform, request, policy, scheduling, existing, asked));
  if (!answer) return answer.error();
  for (GroupDecision& g : decisions) {
    const auto chosen = answer->placements.find(external_group_key(g));
    if (chosen == answer->placements.end()) continue;
    scheduler::Placement& placement = g.decision.placement;
    placement = scheduler::Placement{chosen->second, "", "", std::nullopt};
    if (g.current &&
        std::find(chosen->second.begin(), chosen->second.end(), *g.current) == chosen->second.end())
      placement.moved_from = g.current;
    g.notes.push_back("chosen by external scheduler \"" + *policy.scheduler_name + "\"");
  }
  return ok();
}

}  // namespace ferry::runner

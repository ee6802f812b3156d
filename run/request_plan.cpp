#include "run/request_plan.h"

#include <map>

#include "placement/policy_placement.h"
#include "placement/run_scheduling.h"
#include "placement/several_placements.h"
#include "platform/destination_layout.h"
#include "run/deleted_placement.h"
#include "writer/request_change.h"

namespace ferry::runner {
namespace {

using scheduler::SelectorSource;

std::string commit_message(const pipeline::Request& request,
                           const std::vector<pipeline::PipelineResult>& results) {
  std::string pipelines;
  for (const auto& r : results) pipelines += (pipelines.empty() ? "" : ", ") + r.pipeline;
  // The kind in the subject tells apart two requests of different kinds with one name.
  return "Update from: " + request.kind + " " + request.namespace_ + "/" + request.name +
         "\n\nFerry-Request: " + request.kind + " " + request.namespace_ + "/" + request.name +
         "\nFerry-Promise: " + request.promise + "\nFerry-Pipelines: " + pipelines + "\n";
}

const ExistingBundle* current_bundle(const std::vector<ExistingBundle>& existing, const std::string& pipeline,
                                     const std::string& group_id) {
  for (const auto& b : existing) {
    if (b.pipeline == pipeline && group_id.starts_with(b.group_id5)) return &b;
  }
  return nullptr;
}

// Where the chosen Destination is: a declared Destination as `declared` has it, or, when its Destination is
// gone, the nested directory a kept bundle already occupies (the scheduler only keeps or picks known names;
// a kept bundle is nested, as only those are read back).
writer::StoreDestination chosen_destination(const std::vector<writer::StoreDestination>& declared,
                                            const std::string& destination, const ExistingBundle* current) {
  for (const writer::StoreDestination& d : declared) {
    if (d.layout.name == destination) return d;
  }
  writer::DestinationLayout kept{destination, {}, writer::FilepathMode::nested_by_metadata};
  kept.paths.destination_path = current->destination_dir;
  return {current->store, kept};
}

std::string group_name(const GroupDecision& decided) {
  return "pipeline \"" + decided.pipeline + "\" group \"" + decided.directory + "\"";
}

// What the request writes: every declared Destination and held bundle to clear, and each placed group
// (a pending group places nothing) with the Destinations it goes to.
writer::RequestWrites request_writes(const Platform& platform, const pipeline::Request& request,
                                     const std::vector<pipeline::PipelineResult>& results,
                                     const std::vector<ExistingBundle>& existing,
                                     const std::vector<const pipeline::OutputGroup*>& groups,
                                     const RequestPlan& plan) {
  writer::RequestWrites writes{{request.namespace_, request.promise, request.name},
                               store_destinations(platform),
                               {},
                               {},
                               commit_message(request, results),
                               store_authors(platform)};
  for (const ExistingBundle& bundle : existing) writes.held.push_back({bundle.store, bundle.destination_dir});
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const GroupDecision& decided = plan.decisions[i];
    const scheduler::Placement& placement = decided.decision.placement;
    if (placement.pending()) continue;
    const ExistingBundle* current = current_bundle(existing, decided.pipeline, groups[i]->id);
    writer::GroupPlacement group{decided.pipeline, groups[i]->id, {}, {}};
    for (const auto& file : groups[i]->files) group.files[file.path] = file.content;
    for (const std::string& destination : placement.destinations)
      group.destinations.push_back(chosen_destination(writes.declared, destination, current));
    writes.groups.push_back(std::move(group));
  }
  return writes;
}

// Every group's notes and report lines, in decision order, and the Changes; a pending group makes the
// request pending (the last one's reason is kept, as before policies existed).
void add_writes(const Platform& platform, const pipeline::Request& request,
                const std::vector<pipeline::PipelineResult>& results,
                const std::vector<ExistingBundle>& existing,
                const std::vector<const pipeline::OutputGroup*>& groups, RequestPlan& plan) {
  writer::RequestChanges written =
      writer::request_changes(request_writes(platform, request, results, existing, groups, plan));
  plan.changes = std::move(written.by_store);
  std::size_t placed = 0;
  for (const GroupDecision& decided : plan.decisions) {
    for (const std::string& note : decided.notes)
      plan.scheduling_notes.push_back(group_name(decided) + ": " + note);
    const scheduler::Placement& placement = decided.decision.placement;
    if (placement.pending()) {
      plan.pending_reason = group_name(decided) + ": " + placement.pending_reason;
      if (placement.removed_from)
        plan.scheduling_notes.push_back(group_name(decided) + ": removed from Destination " +
                                        *placement.removed_from + ": " + placement.pending_reason);
      continue;
    }
    const std::vector<std::string>& directories = written.directories[placed++];
    for (std::size_t d = 0; d < placement.destinations.size(); ++d) {
      const GroupDecision& by = placed_by(decided, placement.destinations[d]);  // its Placement's share
      const scheduler::Placement& chosen = by.decision.placement;
      const auto& location = by.decision.location;
      plan.placements.push_back({placement.destinations[d], decided.pipeline, decided.directory,
                                 directories[d], chosen.misplaced_reason, chosen.moved_from.value_or(""),
                                 by.policy, location ? location->location : "",
                                 location ? scheduler::to_string(location->state) : "", chosen.moved_reason});
    }
  }
}

// Every Destination that holds a bundle of the group of `pipeline` and `group_id` now.
std::vector<std::string> holders_of(const std::vector<ExistingBundle>& existing, const std::string& pipeline,
                                    const std::string& group_id) {
  std::vector<std::string> holders;
  for (const auto& b : existing) {
    if (b.pipeline == pipeline && group_id.starts_with(b.group_id5)) holders.push_back(b.destination);
  }
  return holders;
}

// The Destinations among `holders` still holding the group for the rules that apply now; what Placements
// that no longer govern the request placed (run/deleted_placement.h) goes to `deleted` instead.
std::vector<std::string> still_holding(const Platform& platform, const pipeline::Request& request,
                                       const std::vector<PlacementReport>& recorded,
                                       const GroupDecision& group, std::vector<std::string> holders,
                                       std::vector<DeletedPlacement>& deleted) {
  std::vector<std::string> kept;
  for (std::string& holder : holders) {
    auto gone = deleted_placement(platform, request, recorded, group.pipeline, group.directory, holder);
    if (gone) {
      deleted.push_back(std::move(*gone));
    } else {
      kept.push_back(std::move(holder));
    }
  }
  return kept;
}

// What each governing Placement recorded it placed the group on in the previous run.
std::map<std::string, std::string> recorded_by_policy(const std::vector<PlacementReport>& recorded,
                                                      const GroupDecision& group) {
  std::map<std::string, std::string> by_policy;
  for (const PlacementReport& placed : recorded) {
    if (placed.pipeline == group.pipeline && placed.directory == group.directory && !placed.policy.empty())
      by_policy.emplace(placed.policy, placed.destination);
  }
  return by_policy;
}

// What deciding each group of one request reads.
struct GovernedRequest {
  const Platform& platform;
  const pipeline::Request& request;
  const RunScheduling* scheduling;
  const std::vector<const scheduler::PlacementPolicy*>& policies;  // governing it (policies_for)
  const scheduler::SchedulingContext* context;                     // set when a policy governs it
  const std::vector<ExistingBundle>& existing;
  const std::vector<PlacementReport>& recorded;
};

// Decides one group: by several KCP Placements, by its one policy, or by Kratix's rules; a Placement that
// no longer governs the request does not keep the group where it placed it, and its bundle is removed.
void decide_group(const GovernedRequest& r, scheduler::GroupToPlace to_place, GroupDecision& decided) {
  const Platform& platform = r.platform;
  std::vector<DeletedPlacement> deleted;
  std::vector<std::string> holders =
      still_holding(platform, r.request, r.recorded, decided,
                    holders_of(r.existing, decided.pipeline, decided.group_id), deleted);
  if (r.policies.size() > 1) {  // several KCP Placements: one Destination in each one's Location
    const SeveralPlacements several{r.policies, std::move(holders), recorded_by_policy(r.recorded, decided)};
    schedule_by_placements(to_place, several, platform, *r.scheduling, *r.context, decided);
  } else {
    // What a Placement that no longer governs the request chose does not hold the group.
    to_place.current = holders.empty() ? std::nullopt : std::optional(holders.front());
    if (r.policies.size() == 1) {
      schedule_by_policy(to_place, *r.policies.front(), platform, *r.scheduling, *r.context, decided);
    } else if (r.scheduling) {  // reconcile: judge what the run's index cannot rule out (explain: none)
      decided.decision =
          scheduler::decide(to_place, platform.destinations, r.scheduling->destination_index());
    } else {
      decided.decision = scheduler::decide(to_place, platform.destinations);
    }
  }
  for (const DeletedPlacement& gone : deleted) remove_what_it_placed(gone, decided);
}

// True when every pending group is removed from where it was (its KCP Placement is not Ready).
bool only_removals_pending(const std::vector<GroupDecision>& decisions) {
  for (const GroupDecision& decided : decisions) {
    const scheduler::Placement& placement = decided.decision.placement;
    if (placement.pending() && !placement.removed_from) return false;
  }
  return true;
}

}  // namespace

scheduler::Selector group_selector(const pipeline::Promise& promise, const pipeline::OutputGroup& group,
                                   const std::optional<Labels>& cluster_selectors) {
  std::vector<scheduler::SelectorTerm> terms;
  if (group.workflow_selector) terms.push_back({*group.workflow_selector, SelectorSource::resource_workflow});
  scheduler::Selector selector;
  const auto and_expressions = [&selector](const std::vector<LabelExpression>& expressions) {
    for (const LabelExpression& e : expressions) selector.push_back(scheduler::to_requirement(e));
  };
  if (group.directory != ".") {
    selector = scheduler::resolve_kratix(terms);
    and_expressions(group.workflow_expressions);
    return selector;
  }
  for (const Labels& labels : promise.destination_selectors)
    terms.push_back({labels, SelectorSource::promise});
  selector = scheduler::resolve_kratix(terms);
  and_expressions(group.workflow_expressions);
  and_expressions(promise.destination_expressions);
  if (promise.cluster_selector || cluster_selectors) {
    const auto older = scheduler::merge_without_overwrite(promise.cluster_selector.value_or(Labels{}),
                                                          cluster_selectors.value_or(Labels{}));
    selector.insert(selector.end(), older.begin(), older.end());
  }
  return selector;
}

std::vector<std::string> placed_destinations(const RequestPlan& plan) {
  std::vector<std::string> destinations;
  if (!plan.pending_reason.empty()) return destinations;
  for (const PlacementReport& p : plan.placements) destinations.push_back(p.destination);
  return destinations;
}

void record_workflow_status(const std::vector<pipeline::PipelineResult>& results, RequestPlan& plan) {
  if (results.empty()) return;
  for (const auto& result : results) {
    plan.pipelines_from_cache += result.from_cache ? 1 : 0;
    plan.container_retries += result.container_retries;
    if (result.api_served) plan.api_requests[result.pipeline] += result.api_requests;
  }
  plan.status_message = results.back().message;
  plan.suspension = results.back().suspension;
}

scheduler::MisplacedPolicy misplaced_policy(const pipeline::Promise& promise) {
  auto it = promise.annotations.find(kMisplacedAnnotation);
  return it != promise.annotations.end() && it->second == "move" ? scheduler::MisplacedPolicy::move
                                                                 : scheduler::MisplacedPolicy::keep;
}

RequestPlan plan_request(const Platform& platform, const pipeline::Request& request,
                         const pipeline::Promise& promise,
                         const std::vector<pipeline::PipelineResult>& results,
                         const std::vector<ExistingBundle>& existing, const RunScheduling* scheduling,
                         const SameRunPlacements* neighbours, const std::vector<PlacementReport>& recorded) {
  RequestPlan plan;
  const auto policies =
      scheduling ? platform.policies_for(request) : std::vector<const scheduler::PlacementPolicy*>{};
  const scheduler::PlacementPolicy* policy = policies.size() == 1 ? policies.front() : nullptr;
  const auto context =
      policies.empty() ? std::nullopt : std::optional(scheduling->context_for(request, neighbours));
  const GovernedRequest governed{platform, request, scheduling, policies, context ? &*context : nullptr,
                                 existing, recorded};
  std::vector<const pipeline::OutputGroup*> groups;
  for (const auto& result : results) {
    for (const auto& group : result.groups) {
      const ExistingBundle* current = current_bundle(existing, result.pipeline, group.id);
      scheduler::GroupToPlace to_place;
      to_place.key = request.namespace_ + "/" + request.name + "/" + result.pipeline + "/" + group.id;
      to_place.selector = group_selector(promise, group, result.cluster_selectors);
      if (current) to_place.current = current->destination;
      to_place.policy = misplaced_policy(promise);
      GroupDecision decided{result.pipeline,     group.directory,   group.id,
                            to_place.current,    to_place.selector, {},
                            to_place.cardinality};
      decide_group(governed, to_place, decided);
      plan.decisions.push_back(std::move(decided));
      groups.push_back(&group);
    }
  }
  if (policy && policy->scheduler_name) {
    if (Status chosen = choose_externally(platform, request, *policy, *scheduling, existing, plan.decisions);
        !chosen) {
      plan.pending_reason = "PlacementPolicy " + policy->name + ": " + chosen.error().render();
    }
  }
  const bool external_failed = !plan.pending_reason.empty();
  add_writes(platform, request, results, existing, groups, plan);
  // A pending group keeps the request's bundles where they are (nothing is written), unless every pending
  // group is one whose Placement is not Ready: then its bundles are removed, and the rest written.
  if (external_failed || !only_removals_pending(plan.decisions)) {
    if (!plan.pending_reason.empty()) plan.changes.clear();
  }
  record_workflow_status(results, plan);
  return plan;
}

}  // namespace ferry::runner

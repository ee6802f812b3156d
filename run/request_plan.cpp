#include "run/request_plan.h"

#include "platform/destination_layout.h"
#include "placement/policy_placement.h"
#include "placement/run_scheduling.h"
#include "writer/layout.h"

namespace ferry::runner {
namespace {

using scheduler::SelectorSource;

std::string commit_message(const pipeline::Request& request,
                           const std::vector<pipeline::PipelineResult>& results) {
  std::string pipelines;
  for (const auto& r : results) pipelines += (pipelines.empty() ? "" : ", ") + r.pipeline;
  return "Update from: " + request.namespace_ + "/" + request.name + "\n\nFerry-Request: " + request.kind +
         " " + request.namespace_ + "/" + request.name + "\nFerry-Promise: " + request.promise +
         "\nFerry-Pipelines: " + pipelines + "\n";
}

std::string request_dir(const std::string& destination_dir, const pipeline::Request& request) {
  return writer::resource_request_dir(destination_dir, request.namespace_, request.promise, request.name);
}

// One Change per store, each starting by clearing what the request placed before: its directory on every
// Destination of the store and wherever a bundle of it already is, and its records (with their files or
// their part of the aggregate) on every flat Destination. Removals come before placements, so placing
// again replaces.
std::map<std::string, writer::Change> empty_changes(const Platform& platform,
                                                    const pipeline::Request& request,
                                                    const std::vector<ExistingBundle>& existing,
                                                    const std::string& message) {
  std::map<std::string, writer::Change> changes;
  const std::string owner = request_owner(request.namespace_, request.promise, request.name);
  auto change_of = [&](const GitStateStore& store) -> writer::Change& {
    writer::Change& change = changes[store.name];
    change.message = message;
    change.author = store.author;
    return change;
  };
  for (const auto& d : platform.destinations) {
    const GitStateStore& store = *platform.store(d.state_store);
    const writer::DestinationLayout layout = destination_layout(platform, store, d);
    writer::clear_owner(change_of(store), layout, owner,
                        request_dir(writer::destination_dir(layout.paths), request));
  }
  for (const auto& bundle : existing) {
    const writer::DestinationLayout nested{bundle.destination, {}, writer::FilepathMode::nested_by_metadata};
    writer::clear_owner(change_of(*platform.store(bundle.store)), nested, owner,
                        request_dir(bundle.destination_dir, request));
  }
  return changes;
}

const ExistingBundle* current_bundle(const std::vector<ExistingBundle>& existing, const std::string& pipeline,
                                     const std::string& group_id) {
  for (const auto& b : existing) {
    if (b.pipeline == pipeline && group_id.starts_with(b.group_id5)) return &b;
  }
  return nullptr;
}

// How the chosen Destination lays the group out, and in which store: a declared Destination's own layout,
// or, when its Destination is gone, the nested directory a kept bundle already occupies.
std::pair<std::string, writer::DestinationLayout> store_and_layout(const Platform& platform,
                                                                   const std::string& destination,
                                                                   const ExistingBundle* current) {
  for (const auto& d : platform.destinations) {
    if (d.name != destination) continue;
    const GitStateStore& store = *platform.store(d.state_store);
    return {store.name, destination_layout(platform, store, d)};
  }
  // The scheduler only keeps or picks known names; a kept bundle is nested (only those are read back).
  writer::DestinationLayout kept{destination, {}, writer::FilepathMode::nested_by_metadata};
  kept.paths.destination_path = current->destination_dir;
  return {current->store, kept};
}

std::string group_name(const GroupDecision& decided) {
  return "pipeline \"" + decided.pipeline + "\" group \"" + decided.directory + "\"";
}

// The group's bundle on each Destination it is placed on, and its report lines; a pending group makes the
// request pending (the last one's reason is kept, as before policies existed).
void add_group_writes(const Platform& platform, const pipeline::Request& request,
                      const GroupDecision& decided, const pipeline::OutputGroup& group,
                      const std::vector<ExistingBundle>& existing, RequestPlan& plan) {
  for (const std::string& note : decided.notes)
    plan.scheduling_notes.push_back(group_name(decided) + ": " + note);
  const scheduler::Placement& placement = decided.decision.placement;
  if (placement.pending()) {
    plan.pending_reason = group_name(decided) + ": " + placement.pending_reason;
    return;
  }
  const ExistingBundle* current = current_bundle(existing, decided.pipeline, group.id);
  const auto& location = decided.decision.location;
  const writer::PlacementOwner owner{
      request_owner(request.namespace_, request.promise, request.name), request.namespace_,
      writer::resource_work_name(request.promise, request.name, decided.pipeline)};
  for (const std::string& destination : placement.destinations) {
    const auto [store, layout] = store_and_layout(platform, destination, current);
    const std::string nested_dir =
        writer::resource_bundle_dir({"", writer::destination_dir(layout.paths), request.namespace_,
                                     request.promise, request.name, decided.pipeline, group.id});
    std::map<std::string, std::string> files;
    for (const auto& file : group.files) files[file.path] = file.content;
    const std::string directory =
        writer::add_placement(plan.changes[store], layout, owner, group.id, nested_dir, std::move(files));
    plan.placements.push_back({destination, decided.pipeline, group.directory, directory,
                               placement.misplaced_reason, placement.moved_from.value_or(""), decided.policy,
                               location ? location->location : "",
                               location ? scheduler::to_string(location->state) : ""});
  }
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

void record_workflow_status(const std::vector<pipeline::PipelineResult>& results, RequestPlan& plan) {
  if (results.empty()) return;
  for (const auto& result : results) plan.pipelines_from_cache += result.from_cache ? 1 : 0;
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
                         const std::vector<ExistingBundle>& existing, const RunScheduling* scheduling) {
  RequestPlan plan;
  plan.changes = empty_changes(platform, request, existing, commit_message(request, results));
  const scheduler::PlacementPolicy* policy = scheduling ? platform.policy_for(promise.name) : nullptr;
  const auto context = policy ? std::optional(scheduling->context_for(request)) : std::nullopt;
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
      if (policy) {
        schedule_by_policy(to_place, *policy, platform, *scheduling, *context, decided);
      } else if (scheduling) {  // reconcile: judge what the run's index cannot rule out (explain passes none)
        decided.decision =
            scheduler::decide(to_place, platform.destinations, scheduling->destination_index());
      } else {
        decided.decision = scheduler::decide(to_place, platform.destinations);
      }
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
  for (std::size_t i = 0; i < groups.size(); ++i) {
    add_group_writes(platform, request, plan.decisions[i], *groups[i], existing, plan);
  }
  if (!plan.pending_reason.empty()) plan.changes.clear();
  record_workflow_status(results, plan);
  return plan;
}

}  // namespace ferry::runner

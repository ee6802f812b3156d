#include "run/promise_plan.h"

#include "core/md5.h"
#include "platform/destination_layout.h"
#include "writer/layout.h"

namespace ferry::runner {
namespace {

using scheduler::SelectorSource;

std::string commit_message(const pipeline::Promise& promise,
                           const std::vector<pipeline::PipelineResult>& results) {
  std::string pipelines;
  for (const auto& r : results) pipelines += (pipelines.empty() ? "" : ", ") + r.pipeline;
  return "Update from: promise " + promise.name + "\n\nFerry-Promise: " + promise.name +
         "\nFerry-Pipelines: " + (pipelines.empty() ? "none" : pipelines) + "\n";
}

writer::DestinationLayout layout_of(const Platform& platform, const scheduler::Destination& d) {
  return destination_layout(platform, *platform.store(d.state_store), d);
}

std::string dependencies_dir(const writer::DestinationLayout& layout, const std::string& promise) {
  return writer::promise_dependencies_dir(writer::destination_dir(layout.paths), promise);
}

// Every store's Change starts by clearing the Promise's dependencies on each of its Destinations: the
// directory of a nested one, the Promise's records (and their files or part of the aggregate) on a flat one.
std::map<std::string, writer::Change> empty_changes(const Platform& platform,
                                                    const pipeline::Promise& promise,
                                                    const std::string& message) {
  std::map<std::string, writer::Change> changes;
  for (const auto& d : platform.destinations) {
    const GitStateStore& store = *platform.store(d.state_store);
    writer::Change& change = changes[store.name];
    change.message = message;
    change.author = store.author;
    const writer::DestinationLayout layout = layout_of(platform, d);
    writer::clear_owner(change, layout, writer::promise_owner(promise.name),
                        dependencies_dir(layout, promise.name));
  }
  return changes;
}

// Decides one every-match group and adds a bundle for each Destination that takes it.
void place_everywhere(const Platform& platform, const pipeline::Promise& promise, const std::string& pipeline,
                      const pipeline::OutputGroup& group, const scheduler::Selector& selector,
                      RequestPlan& plan) {
  scheduler::GroupToPlace to_place;
  to_place.key = "promise/" + promise.name + "/" + pipeline + "/" + group.id;
  to_place.selector = selector;
  to_place.cardinality = scheduler::Cardinality::every_match;
  GroupDecision decided{pipeline.empty() ? "static" : pipeline,
                        group.directory,
                        group.id,
                        std::nullopt,
                        selector,
                        scheduler::decide(to_place, platform.destinations),
                        to_place.cardinality};
  const scheduler::Placement placement = decided.decision.placement;
  plan.decisions.push_back(std::move(decided));
  if (placement.pending()) {
    plan.waiting.push_back((pipeline.empty()
                                ? "dependencies"
                                : "pipeline \"" + pipeline + "\" group \"" + group.directory + "\"") +
                           ": " + placement.pending_reason);
    return;
  }
  const writer::PlacementOwner owner{writer::promise_owner(promise.name), writer::kPromiseNamespace,
                                     writer::promise_work_name(promise.name, pipeline)};
  for (const auto& name : placement.destinations) {
    const scheduler::Destination& d =
        *std::find_if(platform.destinations.begin(), platform.destinations.end(),
                      [&](const auto& x) { return x.name == name; });
    const writer::DestinationLayout layout = layout_of(platform, d);
    const std::string nested_dir = writer::dependency_bundle_dir(writer::destination_dir(layout.paths),
                                                                 promise.name, pipeline, group.id);
    std::map<std::string, std::string> files;
    for (const auto& file : group.files) files[file.path] = file.content;
    const std::string directory = writer::add_placement(plan.changes[d.state_store], layout, owner, group.id,
                                                        nested_dir, std::move(files));
    plan.placements.push_back(
        {name, pipeline.empty() ? "static" : pipeline, group.directory, directory, "", ""});
  }
}

}  // namespace

std::string waiting_message(const std::vector<std::string>& waiting) {
  std::string message;
  for (const std::string& group : waiting)
    message += (message.empty() ? kWaitingForDestination : "; ") + group;
  return message;
}

scheduler::Selector promise_group_selector(const pipeline::Promise& promise,
                                           const pipeline::OutputGroup& group) {
  std::vector<scheduler::SelectorTerm> terms;
  if (group.workflow_selector) terms.push_back({*group.workflow_selector, SelectorSource::promise_workflow});
  if (group.directory == ".") {
    for (const Labels& labels : promise.destination_selectors)
      terms.push_back({labels, SelectorSource::promise});
  }
  return scheduler::resolve_kratix(terms);
}

RequestPlan plan_promise(const Platform& platform, const pipeline::Promise& promise,
                         const std::vector<pipeline::PipelineResult>& results) {
  RequestPlan plan;
  plan.changes = empty_changes(platform, promise, commit_message(promise, results));
  if (!promise.dependencies_yaml.empty()) {
    const pipeline::OutputGroup statics{
        ".",
        md5_hex("."),
        std::nullopt,
        {{"static/" + promise.name + "-dependencies.yaml", promise.dependencies_yaml}}};
    place_everywhere(platform, promise, "", statics, promise_group_selector(promise, statics), plan);
  }
  for (const auto& result : results) {
    for (const auto& group : result.groups) {
      place_everywhere(platform, promise, result.pipeline, group, promise_group_selector(promise, group),
                       plan);
    }
  }
  record_workflow_status(results, plan);
  return plan;
}

}  // namespace ferry::runner

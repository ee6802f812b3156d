#include "runner/request_plan.h"

#include "scheduler/placement.h"
#include "writer/layout.h"

namespace ferry::runner {
namespace {

using scheduler::SelectorSource;

const scheduler::Destination& destination_named(const Platform& platform, const std::string& name) {
  for (const auto& d : platform.destinations) {
    if (d.name == name) return d;
  }
  throw std::logic_error("scheduler chose an unknown Destination " + name);  // the scheduler only returns inputs
}

std::string commit_message(const pipeline::Request& request, const std::vector<pipeline::PipelineResult>& results) {
  std::string pipelines;
  for (const auto& r : results) pipelines += (pipelines.empty() ? "" : ", ") + r.pipeline;
  return "Update from: " + request.namespace_ + "/" + request.name + "\n\nFerry-Request: " + request.kind + " " +
         request.namespace_ + "/" + request.name + "\nFerry-Promise: " + request.promise +
         "\nFerry-Pipelines: " + pipelines + "\n";
}

// The request's directory on a Destination: everything ferry writes for it lives below.
std::string request_dir(const GitStateStore& store, const scheduler::Destination& d,
                        const pipeline::Request& request) {
  return writer::join_path({store.path, d.path, "resources", request.namespace_, request.promise, request.name});
}

// One Change per store with a Destination, each starting by clearing the request's directories.
std::map<std::string, writer::Change> empty_changes(const Platform& platform, const pipeline::Request& request,
                                                    const std::string& message) {
  std::map<std::string, writer::Change> changes;
  for (const auto& d : platform.destinations) {
    const GitStateStore* store = platform.store(d.state_store);
    writer::Change& change = changes[store->name];
    change.message = message;
    change.author = store->author;
    change.removed_directories.push_back(request_dir(*store, d, request));
  }
  return changes;
}

}  // namespace

scheduler::Selector group_selector(const pipeline::Promise& promise, const pipeline::OutputGroup& group) {
  std::vector<scheduler::SelectorTerm> terms;
  if (group.workflow_selector) terms.push_back({*group.workflow_selector, SelectorSource::resource_workflow});
  if (group.directory == ".") {
    for (const Labels& labels : promise.destination_selectors) terms.push_back({labels, SelectorSource::promise});
  }
  return scheduler::resolve_kratix(terms);
}

RequestPlan plan_request(const Platform& platform, const pipeline::Request& request,
                         const pipeline::Promise& promise, const std::vector<pipeline::PipelineResult>& results) {
  RequestPlan plan;
  plan.changes = empty_changes(platform, request, commit_message(request, results));
  for (const auto& result : results) {
    for (const auto& group : result.groups) {
      const std::string key = request.namespace_ + "/" + request.name + "/" + result.pipeline + "/" + group.id;
      const auto placement = scheduler::place({key, group_selector(promise, group), scheduler::Cardinality::one},
                                              platform.destinations);
      if (placement.pending()) {
        plan.pending_reason = "pipeline \"" + result.pipeline + "\" group \"" + group.directory +
                              "\": " + placement.pending_reason;
        plan.changes.clear();
        plan.placements.clear();
        return plan;
      }
      const auto& destination = destination_named(platform, placement.destinations.front());
      const GitStateStore& store = *platform.store(destination.state_store);
      writer::Bundle bundle;
      bundle.directory = writer::resource_bundle_dir({store.path, destination.path, request.namespace_,
                                                      request.promise, request.name, result.pipeline, group.id});
      for (const auto& file : group.files) bundle.files[file.path] = file.content;
      plan.placements.push_back({destination.name, result.pipeline, group.directory, bundle.directory});
      plan.changes[store.name].bundles.push_back(std::move(bundle));
    }
  }
  return plan;
}

}  // namespace ferry::runner

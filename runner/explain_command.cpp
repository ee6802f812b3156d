// `ferry explain`: runs what is needed to know the groups, decides as reconcile would, writes nothing.
#include "runner/explain_command.h"

#include <iostream>
#include <memory>
#include <optional>

#include "run/reconcile.h"
#include "run/run_state.h"
#include "run/state_access.h"
#include "runner/command_releases.h"
#include "runner/command_support.h"
#include "runner/explain.h"
#include "runner/report.h"

namespace ferry::runner {
namespace {

// The requests reconcile would decide before `target` in this run whose placements its rules may read
// (placement/same_run_neighbours.h): the linked ones before it in decision_order() that the stores do not
// place yet. Those already placed count where the stores have them, as stickiness keeps them there.
std::vector<const pipeline::Request*> decided_before(const Platform& platform,
                                                     const pipeline::Request& target,
                                                     const PlacementIndex& index) {
  std::vector<const pipeline::Request*> all;
  for (const auto& r : platform.requests) all.push_back(&r);
  std::vector<const pipeline::Request*> before;
  for (std::size_t i : decision_order(platform, all)) {
    if (all[i] == &target) return before;
    if (index.bundles_of(all[i]->namespace_, all[i]->promise, all[i]->name).empty()) before.push_back(all[i]);
  }
  return {};  // linked to nothing
}

// The placements the recorded state keeps for `request`, read without the lock as `ferry status` reads
// them: none without a state or a record of it. What a KCP Placement deleted since placed is found there.
Result<std::vector<PlacementReport>> recorded_placements(const StateLocation& location,
                                                         const pipeline::Request& request) {
  auto store = open_state_for_reading(location);
  if (!store) return store.error();
  if (!*store) return std::vector<PlacementReport>{};
  auto state = load_run_state(**store);
  if (!state) return state.error();
  ObjectRecord key;
  key.kind = request.kind;
  key.name = request.name;
  key.namespace_ = request.namespace_;
  key.promise = request.promise;
  const auto found = state->find(key.directory());
  return found == state->end() ? std::vector<PlacementReport>{} : found->second.placements;
}

// Runs and decides the requests decided before `request` (their workflows too), then `request` itself,
// with what the recorded state says it placed.
Result<Explanation> explain_request(const Platform& platform, const std::string& ns_name,
                                    const RuntimeCommandOptions& run,
                                    const StoreCommandOptions& store_options, const StateLocation& state) {
  auto named = request_named(platform, ns_name);
  if (!named) return named.error();
  const pipeline::Request* request = *named;
  auto recorded = recorded_placements(state, *request);
  if (!recorded) return recorded.error();
  const CommandSecrets secrets(run);
  auto stores =
      open_stores(platform, state_store_opener(store_access(store_options, platform, secrets.source())));
  if (!stores) return stores.error();
  auto index = read_placement_index(platform, stores->views);
  if (!index) return index.error();
  auto runtime = make_runtime(run);
  if (!runtime) return runtime.error();
  RunScratchDirectory scratch(run.scratch_dir);
  const ReconcileOptions options = pipeline_options(run, scratch.path(), secrets.source());
  Explanation explanation{"request " + ns_name + " (" + request->kind + ", Promise " + request->promise + ")",
                          {}};
  SameRunPlacements neighbours;
  for (const pipeline::Request* earlier : decided_before(platform, *request, *index)) {
    auto plan = run_and_plan(platform, *earlier, **runtime, *index, options, &neighbours);
    if (!plan) return plan.error();
    const std::vector<std::string> destinations = placed_destinations(*plan);
    neighbours.record(*earlier, destinations);
    explanation.decided_before.push_back({earlier->namespace_ + "/" + earlier->name, destinations});
  }
  auto plan = run_and_plan(platform, *request, **runtime, *index, options, &neighbours, nullptr, *recorded);
  if (!plan) return plan.error();
  explanation.groups = plan->decisions;
  return explanation;
}

// A Promise's static dependencies and promise.configure output go to every Destination that takes them.
Result<Explanation> explain_promise(const Platform& platform, const std::string& name,
                                    const RuntimeCommandOptions& run) {
  const pipeline::Promise* promise = platform.promise(name);
  if (!promise) return make_error("no Promise " + name + " in the platform");
  auto runtime = make_runtime(run);
  if (!runtime) return runtime.error();
  RunScratchDirectory scratch(run.scratch_dir);
  const CommandSecrets secrets(run);
  auto plan = run_and_plan_promise(platform, *promise, **runtime,
                                   pipeline_options(run, scratch.path(), secrets.source()));
  if (!plan) return plan.error();
  return Explanation{"Promise " + name + " dependencies and promise workflow output", plan->decisions, {}};
}

}  // namespace

Result<const pipeline::Request*> request_named(const Platform& platform, const std::string& given) {
  std::vector<const pipeline::Request*> found;
  for (const auto& r : platform.requests) {
    const std::string ns_name = r.namespace_ + "/" + r.name;
    if (given == ns_name || given == r.kind + "/" + ns_name) found.push_back(&r);
  }
  if (found.empty()) {
    return make_error("no request " + given +
                      " in the platform (give it as NAMESPACE/NAME, or KIND/NAMESPACE/NAME)");
  }
  if (found.size() == 1) return found.front();
  std::string choices;
  for (const pipeline::Request* r : found) {
    choices += (choices.empty() ? "" : ", ") + r->kind + "/" + r->namespace_ + "/" + r->name;
  }
  return make_error(given + " names " + std::to_string(found.size()) +
                    " requests of different kinds; give one as KIND/NAMESPACE/NAME: " + choices);
}

int run_explain(const ExplainCommandOptions& options) {
  log_to_stderr();
  if (options.request.empty() && options.promise.empty()) {
    std::cerr << render_diagnostics(
        {make_error("ferry explain needs --request [KIND/]NAMESPACE/NAME or --promise NAME")}, {});
    return 2;
  }
  auto source = command_platform(options.platform, options.stores);
  if (!source) {
    std::cerr << render_diagnostics({source.error()}, {});
    return 1;
  }
  const StateLocation state =
      state_location(options.state_dir, source->source, source->access, options.state_branch);
  // PromiseReleases from the copies the recorded state caches, as validate reads them: explain fetches
  // nothing.
  std::optional<Result<std::unique_ptr<writer::StateStore>>> cache;
  auto read_cache = [&]() -> Result<writer::StateStore*> {
    if (!cache) cache.emplace(open_state_for_reading(state));
    if (!*cache) return cache->error();
    return cache->value().get();
  };
  CommandReleases releases(options.stores, nullptr, read_cache, false);
  std::optional<Platform> platform = load_or_report(*source, releases.source());
  if (!platform) return 1;
  auto explanation = options.request.empty()
                         ? explain_promise(*platform, options.promise, options.run)
                         : explain_request(*platform, options.request, options.run, options.stores, state);
  if (!explanation) {
    std::cerr << render_diagnostics({explanation.error()}, {});
    return 1;
  }
  std::cout << (options.output == "json" ? render_explanation_json(*explanation)
                                         : render_explanation_text(*explanation));
  return 0;
}

}  // namespace ferry::runner

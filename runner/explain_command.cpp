// `ferry explain`: runs what is needed to know the groups, decides as reconcile would, writes nothing.
#include "runner/explain_command.h"

#include <iostream>

#include "run/reconcile.h"
#include "runner/command_support.h"
#include "runner/explain.h"
#include "runner/report.h"

namespace ferry::runner {
namespace {

Result<Explanation> explain_request(const Platform& platform, const std::string& ns_name,
                                    const RuntimeCommandOptions& run,
                                    const StoreCommandOptions& store_options) {
  auto named = request_named(platform, ns_name);
  if (!named) return named.error();
  const pipeline::Request* request = *named;
  const CommandSecrets secrets(run);
  auto stores =
      open_stores(platform, state_store_opener(store_access(store_options, platform, secrets.source())));
  if (!stores) return stores.error();
  auto index = read_placement_index(platform, stores->views);
  if (!index) return index.error();
  auto runtime = make_runtime(run);
  if (!runtime) return runtime.error();
  RunScratchDirectory scratch(run.scratch_dir);
  auto plan = run_and_plan(platform, *request, **runtime, *index,
                           pipeline_options(run, scratch.path(), secrets.source()));
  if (!plan) return plan.error();
  return Explanation{"request " + ns_name + " (" + request->kind + ", Promise " + request->promise + ")",
                     plan->decisions};
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
  return Explanation{"Promise " + name + " dependencies and promise workflow output", plan->decisions};
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
  std::optional<Platform> platform = load_or_report(*source);
  if (!platform) return 1;
  auto explanation = options.request.empty()
                         ? explain_promise(*platform, options.promise, options.run)
                         : explain_request(*platform, options.request, options.run, options.stores);
  if (!explanation) {
    std::cerr << render_diagnostics({explanation.error()}, {});
    return 1;
  }
  std::cout << (options.output == "json" ? render_explanation_json(*explanation)
                                         : render_explanation_text(*explanation));
  return 0;
}

}  // namespace ferry::runner

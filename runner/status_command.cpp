// `ferry status`: what the recorded state says, read without the state lock (a read sees one committed
// state: the record is written in one commit, with a compare-and-swap ref update), so it works while a
// reconcile runs. Runs nothing, writes nothing, never creates the state repository.
#include <iostream>
#include <system_error>

#include "runner/command_support.h"
#include "runner/commands.h"
#include "runner/report.h"
#include "run/run_state.h"
#include "run/state_access.h"
#include "runner/status_report.h"
#include "writer/store_factory.h"

namespace ferry::runner {
namespace {

Error no_state_at(const StateLocation& location) {
  return make_error("no run has recorded state at " + location.display +
                    " yet; run ferry reconcile first, or name the state with --state DIR");
}

// Every record of the state at `location`, opened without the lock. No repository, or one without records,
// is an error saying no run has recorded state there yet.
Result<RunState> read_recorded_state(const StateLocation& location) {
  auto store = open_state_for_reading(location);
  if (!store) return store.error();
  if (!*store) return no_state_at(location);
  auto state = load_run_state(**store);
  if (state && state->empty()) return no_state_at(location);
  return state;
}

// The records `object` names: NAMESPACE/NAME is a request (of any Promise), NAME a Promise.
RunState records_named(const RunState& state, const std::string& object) {
  const auto slash = object.find('/');
  RunState chosen;
  for (const auto& [directory, record] : state) {
    const bool match = slash == std::string::npos
                           ? record.kind == "Promise" && record.name == object
                           : record.kind != "Promise" && record.namespace_ == object.substr(0, slash) &&
                                 record.name == object.substr(slash + 1);
    if (match) chosen.emplace(directory, record);
  }
  return chosen;
}

int fail(const Error& error) {
  std::cerr << render_diagnostics({error}, {});
  return 1;
}

}  // namespace

int run_status(const StatusCommandOptions& options) {
  auto platform = command_platform(options.platform_dir, options.platform_ref, options.stores);
  if (!platform) return fail(platform.error());
  const StateLocation location = state_location(options.state_dir, platform->source, platform->access, options.state_branch);
  auto state = read_recorded_state(location);
  if (!state) return fail(state.error());
  const bool json = options.output == "json";
  if (options.object.empty()) {
    std::cout << (json ? render_status_json(*state) : render_status_text(*state));
    return 0;
  }
  const RunState chosen = records_named(*state, options.object);
  if (chosen.empty()) {
    const char* what = options.object.find('/') == std::string::npos ? "Promise" : "request";
    return fail(make_error(std::string("no ") + what + " \"" + options.object +
                           "\" in the state recorded at " + location.display +
                           "; ferry status without a name lists every recorded object"));
  }
  if (json) {
    std::cout << render_status_json(chosen);
  } else {
    for (const auto& [directory, record] : chosen) std::cout << render_record_text(record);
  }
  return 0;
}

}  // namespace ferry::runner

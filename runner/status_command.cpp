// `ferry status`: what the recorded state says, read without the state lock (a read sees one committed
// state: the record is written in one commit, with a compare-and-swap ref update), so it works while a
// reconcile runs. Runs nothing, writes nothing, never creates the state repository.
#include "runner/status_command.h"

#include <filesystem>
#include <iostream>
#include <system_error>
#include <vector>

#include "run/recorded_statuses.h"
#include "run/run_state.h"
#include "run/state_access.h"
#include "runner/command_support.h"
#include "runner/report.h"
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
  if (state) {
    if (Status read = read_statuses(**store, *state); !read) return read.error();
  }
  return state;
}

std::vector<std::string> object_parts(const std::string& object) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (auto slash = object.find('/'); slash != std::string::npos; slash = object.find('/', start)) {
    parts.push_back(object.substr(start, slash - start));
    start = slash + 1;
  }
  parts.push_back(object.substr(start));
  return parts;
}

// The records `object` names: NAME is a Promise, NAMESPACE/NAME a request of any kind, KIND/NAMESPACE/NAME a
// request of that kind (two kinds may share a name).
RunState records_named(const RunState& state, const std::string& object) {
  const std::vector<std::string> parts = object_parts(object);
  RunState chosen;
  for (const auto& [directory, record] : state) {
    bool match = false;
    if (parts.size() == 1) match = record.kind == "Promise" && record.name == parts[0];
    if (parts.size() == 2)
      match = record.kind != "Promise" && record.namespace_ == parts[0] && record.name == parts[1];
    if (parts.size() == 3)
      match = record.kind == parts[0] && record.namespace_ == parts[1] && record.name == parts[2];
    if (match) chosen.emplace(directory, record);
  }
  return chosen;
}

// `ferry status shop/orders`: one word that names no directory and is no URL, but has the shape of a
// request (NAMESPACE/NAME or KIND/NAMESPACE/NAME), is the object, on the platform in ".".
StatusCommandOptions with_object_understood(StatusCommandOptions options) {
  const std::string& word = options.platform.dir;
  const std::size_t parts = object_parts(word).size();
  std::error_code ec;
  if (options.object.empty() && (parts == 2 || parts == 3) && word.find(':') == std::string::npos &&
      !word.starts_with('.') && !word.starts_with('/') && !std::filesystem::exists(word, ec)) {
    options.object = word;
    options.platform.dir = ".";
  }
  return options;
}

int fail(const Error& error) {
  std::cerr << render_diagnostics({error}, {});
  return 1;
}

}  // namespace

int run_status(const StatusCommandOptions& given) {
  StatusCommandOptions options = with_object_understood(given);
  if (!options.promise.empty()) {
    if (!options.object.empty() && options.object != options.promise)
      return fail(make_error("ferry status takes one object: \"" + options.object + "\" or --promise " +
                             options.promise));
    options.object = options.promise;
  }
  auto platform = command_platform(options.platform, options.stores);
  if (!platform) return fail(platform.error());
  const StateLocation location =
      state_location(options.state_dir, platform->source, platform->access, options.state_branch);
  auto state = read_recorded_state(location);
  if (!state) return fail(state.error());
  const bool json = options.output == "json";
  if (options.output == "yaml" && options.object.empty()) {
    std::cout << render_status_yaml(*state);
    return 0;
  }
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
  if (options.output == "yaml") {
    std::cout << render_status_yaml(chosen);
  } else if (json) {
    std::cout << render_status_json(chosen);
  } else {
    for (const auto& [directory, record] : chosen) std::cout << render_record_text(record);
  }
  return 0;
}

}  // namespace ferry::runner

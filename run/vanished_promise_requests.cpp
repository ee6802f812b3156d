// Request files of a Promise that left the platform: their errors taken back, one warning per Promise.
#include "run/vanished_promise_requests.h"

#include <algorithm>
#include <map>
#include <utility>

#include "platform/recorded_objects.h"

namespace ferry::runner {
namespace {

using KindInGroup = std::pair<std::string, std::string>;  // kind, group

// The kind and group of each recorded Promise the platform no longer declares, to the Promise's name.
std::map<KindInGroup, std::string> vanished_promise_kinds(const Platform& platform, const RunState& state) {
  std::map<KindInGroup, std::string> kinds;
  for (const auto& [directory, record] : state) {
    if (record.kind != "Promise" || platform.promise(record.name) != nullptr) continue;
    auto promise = parse_recorded_promise(record.object_yaml, "state:" + directory, "Promise " + record.name);
    if (promise && promise->api) kinds[{promise->api->kind, promise->api->group}] = record.name;
  }
  return kinds;
}

void remove_error(std::vector<Error>& errors, const Error& error) {
  const auto same = std::find_if(errors.begin(), errors.end(),
                                 [&](const Error& e) { return e.render() == error.render(); });
  if (same != errors.end()) errors.erase(same);
}

std::string left_files_warning(const std::string& promise, const std::vector<std::string>& files) {
  std::string list;
  for (const std::string& file : files) list += (list.empty() ? "" : ", ") + file;
  return "Promise " + promise + " is no longer in the platform: its requests are deleted with it, as " +
         "Kratix deletes them; these request files of it are left and not run (Kratix would have removed " +
         "them), delete them: " + list;
}

}  // namespace

void excuse_requests_of_vanished_promises(LoadResult& loaded, const RunState& state) {
  if (loaded.unserved_requests.empty()) return;
  const auto kinds = vanished_promise_kinds(loaded.platform, state);
  std::map<std::string, std::vector<std::string>> left_files;  // by Promise
  for (const UnservedRequest& request : loaded.unserved_requests) {
    const auto promise = kinds.find({request.kind, request.group});
    if (promise == kinds.end()) continue;
    remove_error(loaded.errors, request.error);
    const std::string where = request.error.where ? request.error.where->render() : "";
    left_files[promise->second].push_back(where);
  }
  for (const auto& [promise, files] : left_files)
    loaded.warnings.push_back(make_error(left_files_warning(promise, files)));
}

}  // namespace ferry::runner

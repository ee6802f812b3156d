#include "run/status_publication.h"

#include "writer/layout.h"
#include "writer/path_rules.h"

namespace ferry::runner {

namespace {

// The state branch's status folder (ObjectRecord::status_path), with its slash.
constexpr std::string_view kStateStatusFolder = "status/";

}  // namespace

Result<StatusTarget> parse_status_target(const std::string& text) {
  StatusTarget target;
  const auto colon = text.find(':');
  target.store = text.substr(0, colon);
  if (colon != std::string::npos) target.path = text.substr(colon + 1);
  while (!target.path.empty() && target.path.back() == '/') target.path.pop_back();
  if (target.store.empty())
    return make_error("--publish-status \"" + text +
                      "\": expected STORE or STORE:PATH, naming a GitStateStore");
  if (target.path.empty())
    return make_error("--publish-status \"" + text + "\": the PATH after ':' is empty");
  if (auto valid = writer::normalise_read_prefix(target.path); !valid)
    return make_error("--publish-status \"" + text + "\": " + valid.error().render());
  return target;
}

Result<const GitStateStore*> status_target_store(const Platform& platform, const StatusTarget& target) {
  std::string declared;
  for (const GitStateStore& store : platform.stores) {
    if (store.name == target.store) return &store;
    declared += (declared.empty() ? "" : ", ") + store.name;
  }
  return make_error("--publish-status names the GitStateStore \"" + target.store +
                    "\", which the platform does not declare (it declares: " +
                    (declared.empty() ? "none" : declared) + ")");
}

writer::Change status_target_change(const writer::Change& state_change, const GitStateStore& store,
                                    const StatusTarget& target) {
  writer::Change change;
  for (const writer::FileWrite& write : state_change.files) {
    if (!write.path.starts_with(kStateStatusFolder)) continue;
    const std::string below = write.path.substr(kStateStatusFolder.size());
    change.files.push_back({writer::join_path({store.path, target.path, below}), write.content});
  }
  change.message = "ferry run: status of " + std::to_string(change.files.size()) + " objects\n";
  return change;
}

}  // namespace ferry::runner

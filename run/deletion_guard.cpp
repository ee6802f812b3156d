#include "run/deletion_guard.h"

#include <string>
#include <vector>

#include "run/deletion.h"

namespace ferry::runner {
namespace {

// Lines naming what would be deleted; a long list is cut, the count said.
constexpr std::size_t kListedDeletions = 20;

std::string object_line(const ObjectRecord& record) {
  if (record.kind == "Promise") return "Promise " + record.name;
  return "request " + record.namespace_ + "/" + record.name + " (" + record.kind + ", Promise " +
         record.promise + ")";
}

std::string listed(const std::vector<const ObjectRecord*>& vanished) {
  std::string text;
  for (std::size_t i = 0; i < vanished.size() && i < kListedDeletions; ++i)
    text += "\n  " + object_line(*vanished[i]);
  if (vanished.size() > kListedDeletions)
    text += "\n  and " + std::to_string(vanished.size() - kListedDeletions) + " more";
  return text;
}

std::size_t requests_in(const std::vector<const ObjectRecord*>& records) {
  std::size_t count = 0;
  for (const ObjectRecord* record : records) count += record->kind == "Promise" ? 0 : 1;
  return count;
}

std::size_t recorded_requests(const RunState& state) {
  std::size_t count = 0;
  for (const auto& [directory, record] : state) count += record.kind == "Promise" ? 0 : 1;
  return count;
}

// Why the default rules refuse, or "" when they allow.
std::string default_refusal(const Platform& platform, const RunState& state,
                            const std::vector<const ObjectRecord*>& vanished) {
  const std::size_t requests = requests_in(vanished);
  if (vanished.size() >= 2 && vanished.size() == state.size())
    return "every Promise and request the recorded state holds is gone from the platform (" +
           platform.root.string() + "): is that the right platform path?";
  if (requests >= 2 && requests == recorded_requests(state))
    return "every request the recorded state holds is gone from the platform (" + platform.root.string() +
           "): is that the right platform path?";
  if (vanished.size() > kDefaultMaxDeletions)
    return "that is more than " + std::to_string(kDefaultMaxDeletions) +
           ", the most one run deletes by default";
  return "";
}

}  // namespace

Status check_deletions(const Platform& platform, const RunState& state,
                       std::optional<std::size_t> max_deletions) {
  const std::vector<const ObjectRecord*> vanished = vanished_objects(platform, state);
  const std::string count = std::to_string(vanished.size());
  std::string refusal;
  if (max_deletions) {
    if (vanished.size() > *max_deletions)
      refusal = "that is more than --max-deletions " + std::to_string(*max_deletions) + " allows";
  } else {
    refusal = default_refusal(platform, state, vanished);
  }
  if (refusal.empty()) return ok();
  return make_error("this run would delete " + count + (vanished.size() == 1 ? " object" : " objects") +
                    " and stopped before running anything: " + refusal +
                    "\nTo delete them, run again with --max-deletions " + count + "." +
                    "\nIt would delete:" + listed(vanished));
}

}  // namespace ferry::runner

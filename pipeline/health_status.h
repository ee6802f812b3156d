// A request's health as Kratix's HealthRecord controller sets it (kratix-newer.md §2): the states of a
// HealthRecord's `data.state`, the roll-up of several records into one (the worst wins), and
// `status.healthStatus` written into a recorded status (YAML text, as pipeline/object_status.h keeps it):
//   healthStatus: {state, healthRecords: [{state, lastRun, source: {name, namespace}, details}]}
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ferry::pipeline {

// In Kratix's order of precedence, worst first: the roll-up keeps the lowest.
enum class HealthState { unhealthy, degraded, unknown, healthy, ready };

// "unhealthy", "degraded", "unknown", "healthy", "ready".
std::string_view health_state_name(HealthState state);
// The state spelt exactly as the CRD's enum does; nullopt for anything else.
std::optional<HealthState> health_state_named(std::string_view name);
// The CRD's enum in its own order, for messages: "unknown, ready, unhealthy, healthy, degraded".
std::string health_state_names();

// One record's entry in healthStatus.healthRecords.
struct HealthEntry {
  HealthState state = HealthState::unknown;
  std::optional<std::int64_t> last_run;  // Unix seconds
  std::string source_name;               // the HealthRecord's metadata.name
  std::string source_namespace;
  std::string details_yaml;  // data.details as YAML text; "" when absent
};

struct HealthStatus {
  HealthState state = HealthState::ready;  // with no records Kratix says ready
  std::vector<HealthEntry> records;
};

// The worst state of `records` (ready when there are none), with the records in the order given.
HealthStatus rolled_up_health(std::vector<HealthEntry> records);

// `status_yaml` with `healthStatus` set to `health`, or removed when `health` is nullopt (no record names
// the object). Returns the text unchanged when nothing changes, and when it is not one YAML map; an empty
// text with a health becomes a status holding only healthStatus.
std::string status_with_health(const std::string& status_yaml, const std::optional<HealthStatus>& health);

// A digest of the healthStatus that status_with_health sets for `health`; "" for nullopt. Records keep it,
// so that a run in which a skipped object's health did not change reads no status (run/health_rollup.h).
std::string health_digest(const std::optional<HealthStatus>& health);

}  // namespace ferry::pipeline

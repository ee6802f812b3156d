#include "runner/work_selection.h"

#include <ctime>
#include <iomanip>
#include <sstream>

#include "core/md5.h"
#include "pipeline/duration.h"
#include "pipeline/spec_hash.h"

namespace ferry::runner {

namespace {

// A record whose last run did not finish its work is always run again.
bool needs_retry(RequestResult result) {
  return result == RequestResult::failed || result == RequestResult::pending;
}

std::string labels_text(const Labels& labels) {
  std::string text;
  for (const auto& [key, value] : labels) text += key + "=" + value + ",";
  return text;
}

// What scheduling reads of a Destination beyond its labels: readiness, the taint and the metrics.
std::string readiness_text(const scheduler::Destination& d) {
  std::string text = d.readiness.ready ? "ready" : "not-ready:" + d.readiness.reason + ":" + d.readiness.message;
  if (d.unschedulable) text += " unschedulable:" + *d.unschedulable;
  for (const auto& m : d.metrics) text += " metric:" + m.name + "=" + std::to_string(m.weight);
  return text;
}

}  // namespace

WorkDecision decide_work(const ObjectRecord* record, const std::string& input_digest,
                         const SelectionOptions& options) {
  if (!record) return {true, "new"};
  if (options.force) return {true, "--force"};
  if (record->input_digest != input_digest) return {true, "inputs changed"};
  if (needs_retry(record->result))
    return {true, "retrying: last run " + std::string(to_string(record->result))};
  if (record->result == RequestResult::suspended && record->retry_at) {
    const auto retry_at = parse_rfc3339_utc(*record->retry_at);
    if (!retry_at || options.now >= *retry_at)
      return {true, "suspension over (retry after " + *record->retry_at + ")"};
    return {false, "suspended until " + *record->retry_at};
  }
  const auto last_run = parse_rfc3339_utc(record->last_run);
  if (!last_run || options.now - *last_run >= options.reconciliation_interval) {
    return {true, "reconciliation interval elapsed since " + record->last_run};
  }
  return {false, "unchanged since " + record->last_run};
}

std::string scheduling_digest(const Platform& platform) {
  std::string text;
  for (const auto& d : platform.destinations) {
    text += "destination " + d.name + " " + labels_text(d.labels) + " " +
            (d.strict_match_labels ? "strict" : "") + " " + d.path + " " + d.state_store_kind + "/" +
            d.state_store + " " + readiness_text(d) + "\n";
  }
  // PlacementPolicies, Locations, Metrics and MetricsProviders as written; not the metric values, which
  // a run reads afresh (a new value alone re-schedules at the next run that runs the request).
  for (const auto& source : platform.scheduling_sources) text += "scheduling " + source + "\n";
  for (const auto& s : platform.stores)
    text += "store " + s.name + " " + s.url + " " + s.branch + " " + s.path + "\n";
  return md5_hex(text);
}

std::string promise_input_digest(const Platform& platform, const pipeline::Promise& promise) {
  return md5_hex(md5_hex(promise.object_yaml) + "-" + scheduling_digest(platform));
}

std::string request_input_digest(const Platform& platform, const pipeline::Request& request) {
  const pipeline::Promise* promise = platform.promise(request.promise);
  auto kratix = pipeline::kratix_workflow_hash(promise ? promise->object_yaml : "", request.object_yaml);
  // The loader has validated both texts; an unreadable one still gives a digest, just never a match.
  const std::string spec = kratix ? *kratix : "unhashable:" + md5_hex(request.object_yaml);
  return md5_hex(spec + "-" + md5_hex(promise ? promise->object_yaml : "") + "-" +
                 scheduling_digest(platform));
}

std::optional<std::chrono::system_clock::time_point> parse_rfc3339_utc(const std::string& text) {
  std::tm tm{};
  std::istringstream in(text);
  in >> std::get_time(&tm, "%Y-%m-%dT%H:%M:%SZ");
  if (in.fail() || in.peek() != std::char_traits<char>::eof()) return std::nullopt;
  const auto parsed = std::chrono::system_clock::from_time_t(timegm(&tm));
  if (pipeline::format_rfc3339_utc(parsed) != text) return std::nullopt;
  return parsed;
}

}  // namespace ferry::runner

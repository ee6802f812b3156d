#include "run/work_selection.h"

#include <chrono>
#include <set>
#include <string_view>

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

// What scheduling reads of a Destination beyond its labels: readiness, the taint, the metrics and the
// custom resources it serves.
std::string readiness_text(const scheduler::Destination& d) {
  std::string text =
      d.readiness.ready ? "ready" : "not-ready:" + d.readiness.reason + ":" + d.readiness.message;
  if (d.unschedulable) text += " unschedulable:" + *d.unschedulable;
  for (const auto& m : d.metrics) text += " metric:" + m.name + "=" + std::to_string(m.weight);
  for (const auto& crd : d.custom_resources) text += " serves:" + crd;
  return text;
}

// "image@digest" lines of the Promise's images whose digest the runtime tells, sorted; "" when none.
std::string image_digests_text(const pipeline::Promise& promise, const ImageDigestOf& image_digest) {
  if (!image_digest) return "";
  std::set<std::string> lines;
  for (const auto& [workflow, pipelines] : promise.workflows) {
    for (const pipeline::Pipeline& pipeline : pipelines) {
      for (const pipeline::Container& container : pipeline.containers) {
        if (auto digest = image_digest(container.image)) lines.insert(container.image + "@" + *digest + "\n");
      }
    }
  }
  std::string text;
  for (const std::string& line : lines) text += line;
  return text;
}

}  // namespace

WorkDecision decide_work(const ObjectRecord* record, const std::string& input_digest,
                         const SelectionOptions& options, std::optional<std::chrono::seconds> interval) {
  if (!record) return {true, "new"};
  if (options.force) return {true, "--force"};
  if (record->result == RequestResult::paused) return {true, "unpaused"};
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
  if (!last_run || options.now - *last_run >= interval.value_or(options.reconciliation_interval)) {
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
  // PlacementPolicies, Locations, Metrics, MetricsProviders and Namespaces as written; not the metric values,
  // which a run reads afresh (a new value alone re-schedules at the next run that runs the request).
  for (const auto& source : platform.scheduling_sources) text += "scheduling " + source + "\n";
  for (const auto& s : platform.stores)
    text += "store " + s.name + " " + s.url + " " + s.branch + " " + s.path + "\n";
  return md5_hex(text);
}

InputDigests::PromiseDigests InputDigests::digests_of(const pipeline::Promise& promise,
                                                      const ImageDigestOf& image_digest) {
  auto spec_hash = pipeline::kratix_promise_hash(promise.object_yaml);
  // Without a known image digest the formula is the one earlier records hold, so that they still match.
  const std::string images = image_digests_text(promise, image_digest);
  return {md5_hex(images.empty() ? promise.object_yaml : promise.object_yaml + "\n---images\n" + images),
          spec_hash ? std::optional<std::string>(*spec_hash) : std::nullopt};
}

InputDigests::InputDigests(const Platform& platform, const ImageDigestOf& image_digest)
    : scheduling_(scheduling_digest(platform)) {
  for (const pipeline::Promise& promise : platform.promises)
    promises_[promise.name] = digests_of(promise, image_digest);
  // Each pinned revision once (run/promise_revisions.h), as its Promise's were when it was declared.
  for (const pipeline::Request& request : platform.requests) {
    const pipeline::Promise* revision = request.binding.revision.get();
    if (revision && !revisions_.contains(revision))
      revisions_[revision] = digests_of(*revision, image_digest);
  }
}

std::string InputDigests::of(const pipeline::Promise& promise) const {
  const auto found = promises_.find(promise.name);
  const std::string text = found != promises_.end() ? found->second.text : md5_hex(promise.object_yaml);
  return md5_hex(text + "-" + scheduling_);
}

std::string InputDigests::of(const pipeline::Request& request) const {
  static const PromiseDigests missing{md5_hex(""), std::nullopt};
  const auto found = promises_.find(request.promise);
  // A request pinned to an older revision (run/promise_revisions.h) has that revision's text as its
  // Promise input, so a change of the declared Promise does not run it.
  const auto pinned = revisions_.find(request.binding.revision.get());
  const PromiseDigests& promise = pinned != revisions_.end() ? pinned->second
                                  : found != promises_.end() ? found->second
                                                             : missing;
  // The loader has validated both texts; an unreadable one still gives a digest, just never a match.
  // spec_md5, when the loader computed it, saves parsing object_yaml again (a no-op run's largest cost).
  Result<std::string> kratix = make_error("no Promise");
  if (promise.spec_hash && !request.spec_md5.empty()) {
    kratix = pipeline::kratix_resource_hash_of(*promise.spec_hash, request.spec_md5);
  } else if (promise.spec_hash) {
    kratix = pipeline::kratix_resource_hash(*promise.spec_hash, request.object_yaml);
  }
  std::string spec = kratix ? *kratix : "unhashable:" + md5_hex(request.object_yaml);
  // kratix.io/manual-reconciliation: "true" is an input only while it is set, so records made without it
  // still match; its coming and its going each run the request once (a Promise's labels are in its text).
  if (request.controls.manual_reconciliation) spec += "-manual-reconciliation";
  // A pin is an input only while it is set, so records made without bindings still match.
  if (request.binding.version != pipeline::kLatestVersion) spec += "-bound-" + request.binding.version;
  return md5_hex(spec + "-" + promise.text + "-" + scheduling_);
}

std::string promise_input_digest(const Platform& platform, const pipeline::Promise& promise) {
  return InputDigests(platform).of(promise);
}

std::string request_input_digest(const Platform& platform, const pipeline::Request& request) {
  return InputDigests(platform).of(request);
}

std::optional<std::chrono::system_clock::time_point> parse_rfc3339_utc(const std::string& text) {
  // Read by hand, exactly in the one form format_rfc3339_utc writes: std::get_time on a stream, once per
  // record, was 8% of a no-op run at R = 10,000.
  static constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:ddZ";
  if (text.size() != kShape.size()) return std::nullopt;
  for (std::size_t i = 0; i < kShape.size(); ++i) {
    const bool digit = text[i] >= '0' && text[i] <= '9';
    if (kShape[i] == 'd' ? !digit : text[i] != kShape[i]) return std::nullopt;
  }
  const auto number = [&text](std::size_t at, std::size_t digits) {
    int value = 0;
    for (std::size_t i = at; i < at + digits; ++i) value = value * 10 + (text[i] - '0');
    return value;
  };
  const std::chrono::year_month_day date{std::chrono::year(number(0, 4)),
                                         std::chrono::month(static_cast<unsigned>(number(5, 2))),
                                         std::chrono::day(static_cast<unsigned>(number(8, 2)))};
  const int hours = number(11, 2), minutes = number(14, 2), seconds = number(17, 2);
  if (!date.ok() || hours > 23 || minutes > 59 || seconds > 59) return std::nullopt;
  return std::chrono::system_clock::time_point(std::chrono::sys_days(date) + std::chrono::hours(hours) +
                                               std::chrono::minutes(minutes) + std::chrono::seconds(seconds));
}

}  // namespace ferry::runner

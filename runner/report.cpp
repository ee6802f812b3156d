#include "runner/report.h"

#include <map>
#include <nlohmann/json.hpp>

#include "core/secret_values.h"
#include "core/untrusted_text.h"
#include "runner/status_json.h"

namespace ferry::runner {
namespace {

std::string diagnostic(const Error& e, const char* severity) {
  const std::string message = untrusted_lines(e.message);
  if (!e.where) return std::string(severity) + ": " + message + "\n";
  return untrusted_line(e.where->render()) + ": " + severity + ": " + message + "\n";
}

// "4 requests: 3 succeeded, 1 failed": the results that occurred, in a fixed order.
std::string summary_line(std::size_t size, std::map<RequestResult, int> counts, const std::string& what) {
  std::string line = std::to_string(size) + " " + what + ":";
  for (RequestResult result : kResultsInReportOrder) {
    if (counts[result] > 0) line += " " + std::to_string(counts[result]) + " " + to_string(result) + ",";
  }
  line.back() = '\n';
  return line;
}

std::string summary_line(const std::vector<RequestReport>& entries, const std::string& what) {
  std::map<RequestResult, int> counts;
  for (const auto& r : entries) ++counts[r.result];
  return summary_line(entries.size(), std::move(counts), what);
}

std::string summary_line(const std::vector<RequestResult>& results, const std::string& what) {
  std::map<RequestResult, int> counts;
  for (RequestResult result : results) ++counts[result];
  return summary_line(results.size(), std::move(counts), what);
}

// Indents every line of a multi-line message under its request, escaped (untrusted_lines).
std::string indented(const std::string& text, const std::string& prefix) {
  std::string out = prefix;
  for (char c : untrusted_lines(text)) {
    out += c;
    if (c == '\n') out += prefix;
  }
  return out + "\n";
}

// "policy front-end, Location aws-eu (Bound)": who placed a group beyond Kratix's rules, and where.
std::string policy_line(const PlacementReport& p) {
  std::string line;
  if (!p.policy.empty()) line = "policy " + untrusted_line(p.policy);
  if (!p.location.empty()) {
    line += std::string(line.empty() ? "" : ", ") + "Location " + untrusted_line(p.location);
    if (!p.placement_state.empty()) line += " (" + untrusted_line(p.placement_state) + ")";
  }
  return line;
}

// "2 pipelines served from the pipeline cache".
std::string cached_count(int pipelines) {
  return std::to_string(pipelines) + (pipelines == 1 ? " pipeline" : " pipelines") +
         " served from the pipeline cache";
}

// The run's count of cached pipelines, as a summary line; "" when there were none.
std::string cached_summary(const RunReport& report) {
  int pipelines = 0;
  for (const auto* entries : {&report.promises, &report.requests}) {
    for (const auto& r : *entries) pipelines += r.pipelines_from_cache;
  }
  return pipelines > 0 ? cached_count(pipelines) + "\n" : "";
}

// "2 push retries": pushes refused because a remote branch had moved, each rebuilt on the new tip.
std::string retry_count(int retries) {
  return std::to_string(retries) + (retries == 1 ? " push retry" : " push retries");
}

// The run's push retries, as a summary line; "" when there were none.
std::string retry_summary(const RunReport& report) {
  const int retries = push_retries_of(report);
  return retries > 0 ? retry_count(retries) + " (another writer moved a remote branch)\n" : "";
}

// Appends one entry's lines to out: a run's report is 10,000 of them at R = 10,000, so the entry is built in
// place rather than as a string of its own copied into the report (a tenth of a no-op run,
// docs/load-cache.md).
void append_entry(std::string& out, const RequestReport& r) {
  out += to_string(r.result);
  out += "  ";
  if (r.kind == "Promise") {
    out += "Promise ";
    out += untrusted_line(r.name);
  } else {
    out += untrusted_line(r.namespace_ + "/" + r.name + " (" + r.kind + ", Promise " + r.promise + ")");
  }
  out += '\n';
  for (const auto& p : r.placements) {
    out += "    placed ";
    out += untrusted_line(p.pipeline);
    out += " group ";
    out += untrusted_line(p.directory);
    out += " on ";
    out += untrusted_line(p.destination);
    out += " at ";
    out += untrusted_line(p.path);
    out += '\n';
    if (!p.moved_from.empty() && p.moved_reason.empty())
      out += "      moved from misplaced Destination " + untrusted_line(p.moved_from) + "\n";
    if (!p.moved_reason.empty())
      out += "      moved from Destination " + untrusted_line(p.moved_from) + ": " +
             untrusted_line(p.moved_reason) + "\n";
    if (!p.misplaced.empty()) out += "      misplaced: " + untrusted_line(p.misplaced) + "\n";
    if (!p.policy.empty() || !p.location.empty()) out += "      " + policy_line(p) + "\n";
  }
  for (const auto& c : r.commits) {
    out += "    committed " + c.sha.substr(0, 12) + " to " + untrusted_line(c.store + "@" + c.branch) + "\n";
    for (const auto& path : c.drift_restored)
      out += "      drift restored: " + untrusted_line(c.store + " " + path) + "\n";
  }
  for (const auto& entry : r.drifted) out += "    drift: " + untrusted_line(entry) + "\n";
  for (const auto& note : r.scheduling_notes) out += "    scheduling: " + untrusted_line(note) + "\n";
  if (!r.status_message.empty()) {
    out += "    status: ";
    out += untrusted_line(r.status_message);
    out += '\n';
  }
  if (!r.upgrade.empty() && r.upgrade != r.message) out += "    " + untrusted_line(r.upgrade) + "\n";
  if (r.pipelines_from_cache > 0) out += "    " + cached_count(r.pipelines_from_cache) + "\n";
  if (r.container_retries > 0) {
    out += "    " + std::to_string(r.container_retries) +
           (r.container_retries == 1 ? " container retry" : " container retries") +
           " (jobOptions.backoffLimit): failed, then started again\n";
  }
  if (r.push_retries > 0)
    out += "    " + retry_count(r.push_retries) + ": rebuilt on the moved remote branch\n";
  if (!r.message.empty()) out += indented(r.message, "    ");
}

nlohmann::ordered_json entry_json(const RequestReport& r) {
  nlohmann::ordered_json placements = nlohmann::ordered_json::array();
  for (const auto& p : r.placements) {
    nlohmann::ordered_json placement = {{"destination", p.destination},
                                        {"pipeline", p.pipeline},
                                        {"directory", p.directory},
                                        {"path", p.path}};
    if (!p.misplaced.empty()) placement["misplaced"] = p.misplaced;
    if (!p.moved_from.empty()) placement["moved_from"] = p.moved_from;
    if (!p.moved_reason.empty()) placement["moved_reason"] = p.moved_reason;
    if (!p.policy.empty()) placement["policy"] = p.policy;
    if (!p.location.empty()) placement["location"] = p.location;
    if (!p.placement_state.empty()) placement["placement_state"] = p.placement_state;
    placements.push_back(std::move(placement));
  }
  nlohmann::ordered_json commits = nlohmann::ordered_json::array();
  for (const auto& c : r.commits) {
    nlohmann::ordered_json commit = {{"store", c.store}, {"branch", c.branch}, {"sha", c.sha}};
    if (!c.drift_restored.empty()) commit["drift_restored"] = c.drift_restored;
    commits.push_back(std::move(commit));
  }
  nlohmann::ordered_json entry = {{"kind", r.kind},
                                  {"name", r.name},
                                  {"namespace", r.namespace_},
                                  {"promise", r.promise},
                                  {"result", to_string(r.result)},
                                  {"placements", placements},
                                  {"commits", commits}};
  if (!r.message.empty()) entry["message"] = r.message;
  if (!r.status_message.empty()) entry["status_message"] = r.status_message;
  if (!r.status_yaml.empty()) entry["status"] = status_json(r.status_yaml);
  if (!r.retry_at.empty()) entry["retry_at"] = r.retry_at;
  if (!r.scheduling_notes.empty()) entry["scheduling_notes"] = r.scheduling_notes;
  if (r.pipelines_from_cache > 0) entry["pipelines_from_cache"] = r.pipelines_from_cache;
  if (r.container_retries > 0) entry["container_retries"] = r.container_retries;
  if (!r.api_requests.empty()) entry["api_requests"] = r.api_requests;
  if (r.push_retries > 0) entry["push_retries"] = r.push_retries;
  if (!r.drifted.empty()) entry["drifted"] = r.drifted;
  if (!r.upgrade.empty()) entry["upgrade"] = r.upgrade;
  return entry;
}

// Under GitHub Actions each entry folds: its first line is the group's title, the rest its body.
void append_styled_entry(std::string& out, const RequestReport& r, TextStyle style) {
  if (style.github_groups) out += "::group::";
  append_entry(out, r);
  if (style.github_groups) out += "::endgroup::\n";
}

}  // namespace

std::string options_line(const RunReport& report) {
  return report.no_network ? "options: --no-network: every container ran without a network\n" : "";
}

nlohmann::ordered_json options_json(const RunReport& report) {
  return {{"no_network", report.no_network}};
}

// What the text of one object takes, about: a skipped request at R = 10,000 (bench/gen_platform.sh) is
// 230 bytes with its placement and status lines.
constexpr std::size_t kTextBytesPerObject = 256;

void append_request_entry(std::string& out, const RequestReport& r, TextStyle style) {
  append_styled_entry(out, r, style);
}

std::string render_text(const RunReport& report, TextStyle style, const RequestEntries* entries,
                        std::vector<TextSpan>* spans) {
  std::string out;
  // Reserved once: growing a text of megabytes copied it some twenty times (2.5% of a run at R = 10,000
  // that changed one request).
  out.reserve((report.promises.size() + (entries ? entries->results.size() : report.requests.size())) *
                  kTextBytesPerObject +
              1024);
  out += options_line(report);
  for (const auto& c : report.canary_commits)
    out += "canary files committed " + c.sha.substr(0, 12) + " to " +
           untrusted_line(c.store + "@" + c.branch) + "\n";
  for (const auto& cleanup : report.destination_cleanups)
    out += "cleanup: " + untrusted_lines(cleanup) + "\n";
  for (const auto& p : report.promises) append_styled_entry(out, p, style);
  const std::size_t count = entries ? entries->results.size() : report.requests.size();
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t at = out.size();
    if (entries) {
      entries->append(out, i);
    } else {
      append_styled_entry(out, report.requests[i], style);
    }
    if (spans) spans->push_back({at, out.size() - at});
  }
  for (const auto& failure : report.metric_failures) out += "warning: " + untrusted_lines(failure) + "\n";
  for (const auto& warning : report.state_warnings) out += "warning: " + untrusted_lines(warning) + "\n";
  for (const auto& warning : report.health_warnings) out += "warning: " + untrusted_lines(warning) + "\n";
  for (const auto& note : report.journal_notes) out += "journal: " + untrusted_lines(note) + "\n";
  for (const auto& note : report.recovery_notes) out += "recovery: " + untrusted_lines(note) + "\n";
  if (!report.promises.empty()) out += summary_line(report.promises, "Promises");
  out += entries ? summary_line(entries->results, "requests") : summary_line(report.requests, "requests");
  out += cached_summary(report);
  out += retry_summary(report);
  if (!report.state_error.empty()) out += "error: " + untrusted_lines(report.state_error) + "\n";
  for (const auto& error : report.canary_errors) out += "error: " + untrusted_lines(error) + "\n";
  for (const auto& error : report.release_errors) out += "error: " + untrusted_lines(error) + "\n";
  for (const auto& error : report.cleanup_errors) out += "error: " + untrusted_lines(error) + "\n";
  return out;
}

std::string render_json(const RunReport& report) {
  nlohmann::ordered_json promises = nlohmann::ordered_json::array();
  for (const auto& p : report.promises) promises.push_back(entry_json(p));
  nlohmann::ordered_json requests = nlohmann::ordered_json::array();
  for (const auto& r : report.requests) requests.push_back(entry_json(r));
  nlohmann::ordered_json document = {
      {"format_version", kReportFormatVersion}, {"promises", promises}, {"requests", requests}};
  if (report.no_network) document["options"] = options_json(report);
  if (!report.destination_cleanups.empty() || !report.cleanup_errors.empty())
    document["destination_cleanups"] = {{"done", report.destination_cleanups},
                                        {"errors", report.cleanup_errors}};
  if (!report.state_error.empty()) document["state_error"] = report.state_error;
  if (!report.release_errors.empty()) document["release_errors"] = report.release_errors;
  if (!report.metric_failures.empty()) document["metric_failures"] = report.metric_failures;
  if (!report.journal_notes.empty()) document["journal"] = report.journal_notes;
  if (!report.state_warnings.empty()) document["state_warnings"] = report.state_warnings;
  if (!report.health_warnings.empty()) document["health_warnings"] = report.health_warnings;
  if (!report.recovery_notes.empty()) document["recovery"] = report.recovery_notes;
  if (const int retries = push_retries_of(report); retries > 0) document["push_retries"] = retries;
  if (!report.canary_commits.empty() || !report.canary_errors.empty()) {
    nlohmann::ordered_json commits = nlohmann::ordered_json::array();
    for (const auto& c : report.canary_commits)
      commits.push_back({{"store", c.store}, {"branch", c.branch}, {"sha", c.sha}});
    document["canaries"] = {{"commits", commits}, {"errors", report.canary_errors}};
  }
  return report_json_text(document);
}

namespace {

// `value` with `secrets` masked in every string it holds.
nlohmann::ordered_json masked_strings(nlohmann::ordered_json value, const std::vector<std::string>& secrets) {
  if (value.is_string()) return masked(value.get_ref<const std::string&>(), secrets);
  if (!value.is_structured()) return value;  // iterating a number would visit the number itself
  for (auto& element : value) element = masked_strings(std::move(element), secrets);
  return value;
}

std::string json_text(const nlohmann::ordered_json& document) {
  return document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string report_json_text(const nlohmann::ordered_json& document) {
  // The secret values are read once for the whole document, and a run without any copies nothing.
  const std::vector<std::string> secrets = remembered_secret_values();
  return secrets.empty() ? json_text(document) : json_text(masked_strings(document, secrets));
}

std::string render_diagnostics(const std::vector<Error>& errors, const std::vector<Error>& warnings) {
  std::string out;
  for (const auto& e : errors) out += diagnostic(e, "error");
  for (const auto& w : warnings) out += diagnostic(w, "warning");
  return out;
}

}  // namespace ferry::runner

#include "runner/status_report.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "core/untrusted_text.h"
#include "core/yaml_document.h"
#include "pipeline/kratix_status.h"
#include "runner/report.h"
#include "runner/status_json.h"

namespace ferry::runner {
namespace {

bool is_promise(const ObjectRecord& record) {
  return record.kind == "Promise";
}

// "Promise redis" or "default/cache-a (redis, Promise redis)", as the run report names objects.
std::string title(const ObjectRecord& r) {
  if (is_promise(r)) return "Promise " + untrusted_line(r.name);
  return untrusted_line(r.namespace_ + "/" + r.name + " (" + r.kind + ", Promise " + r.promise + ")");
}

// Every Destination the record places something on, each once, in placement order.
std::string destinations(const ObjectRecord& r) {
  std::vector<std::string> names;
  for (const auto& p : r.placements) {
    if (std::find(names.begin(), names.end(), p.destination) == names.end()) names.push_back(p.destination);
  }
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "" : ", ") + untrusted_line(name);
  return out;
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

std::string status_line(const ObjectRecord& r) {
  std::string line =
      std::string(to_string(r.result)) + "  " + title(r) + "  last run " + untrusted_line(r.last_run);
  if (const std::string on = destinations(r); !on.empty()) line += "  on " + on;
  if (r.retry_at) line += "  retry at " + untrusted_line(*r.retry_at);
  if (!r.status_message.empty()) line += "  status: " + untrusted_line(r.status_message);
  if (!r.message.empty()) line += "  message: " + untrusted_line(first_line(r.message));
  return line + "\n";
}

// "4 requests: 3 succeeded, 1 failed"; nothing when there are none of `what`.
std::string summary_line(const RunState& state, bool promises, const std::string& what) {
  std::map<RequestResult, int> counts;
  int total = 0;
  for (const auto& [directory, record] : state) {
    if (is_promise(record) != promises) continue;
    ++counts[record.result];
    ++total;
  }
  if (total == 0) return "";
  std::string line = std::to_string(total) + " " + what + ":";
  for (RequestResult result : kResultsInReportOrder) {
    if (counts[result] > 0) line += " " + std::to_string(counts[result]) + " " + to_string(result) + ",";
  }
  line.back() = '\n';
  return line;
}

// The conditions and the health at a glance, and what the pipelines wrote into the status, as indented
// YAML.
std::string status_details(const ObjectRecord& r) {
  std::string out;
  const nlohmann::ordered_json status = status_json(r.status_yaml);
  if (const std::string conditions = conditions_summary(status); !conditions.empty())
    out += "  conditions: " + untrusted_line(conditions) + "\n";
  if (const std::string health = health_summary(status); !health.empty())
    out += "  health: " + untrusted_line(health) + "\n";
  auto documents = parse_yaml_stream(r.status_yaml, "status");
  if (!documents || documents->size() != 1) return out;
  YAML::Node fields = pipeline::pipeline_written_status(documents->front().node);
  fields.remove("message");
  fields.remove("conditions");
  if (fields.size() == 0) return out;
  out += "  status fields:\n";
  const std::string text = untrusted_lines(to_yaml_text(fields));
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    out += "    " + text.substr(start, end - start) + "\n";
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return out;
}

// A Promise's revisions, oldest applied first, the latest marked; a request's binding and upgrade state
// (docs/lifecycle.md).
std::string lifecycle_lines(const ObjectRecord& r) {
  std::string out;
  if (!r.revisions.empty()) out += "  revisions (oldest applied first):\n";
  for (const RevisionRecord& revision : r.revisions) {
    out += "    " + untrusted_line(revision.version) + "  " + revision.digest +
           (&revision == &r.revisions.back() ? "  latest" : "") + "\n";
  }
  const UpgradeRecord& u = r.upgrade;
  if (u.empty()) return out;
  out += "  binding: version " + untrusted_line(u.binding_version) + ", lastAppliedVersion " +
         untrusted_line(u.last_applied_version.empty() ? "(none)" : u.last_applied_version);
  if (!u.failed_version.empty()) out += ", failedVersion " + untrusted_line(u.failed_version);
  out += "\n";
  if (!u.binding_name.empty()) out += "  binding name: " + untrusted_line(u.binding_name) + "\n";
  if (!u.labels.empty()) {
    std::string labels;
    for (const auto& [key, value] : u.labels) labels += (labels.empty() ? "" : ", ") + key + "=" + value;
    out += "  binding labels: " + untrusted_line(labels) + "\n";
  }
  if (!u.condition.empty())
    out += "  UpgradeSucceeded " + u.condition + ": " + untrusted_line(u.message) + "\n";
  return out;
}

}  // namespace

std::string render_status_text(const RunState& state) {
  std::string out;
  for (const auto& [directory, record] : state) out += status_line(record);
  return out + summary_line(state, true, "Promises") + summary_line(state, false, "requests");
}

std::string render_record_text(const ObjectRecord& r) {
  std::string out = title(r) + "\n";
  out += "  result: " + std::string(to_string(r.result)) + "\n";
  out += "  last run: " + untrusted_line(r.last_run) + "\n";
  if (r.retry_at) out += "  retry at: " + untrusted_line(*r.retry_at) + "\n";
  if (!r.message.empty()) out += "  message: " + untrusted_lines(r.message) + "\n";
  if (!r.status_message.empty()) out += "  status: " + untrusted_line(r.status_message) + "\n";
  out += status_details(r);
  out += lifecycle_lines(r);
  for (const auto& p : r.placements) {
    out += "  placed " + untrusted_line(p.pipeline) + " group " + untrusted_line(p.directory) + " on " +
           untrusted_line(p.destination) + " at " + untrusted_line(p.path) + "\n";
    if (!p.moved_from.empty())
      out += "    moved from misplaced Destination " + untrusted_line(p.moved_from) + "\n";
    if (!p.misplaced.empty()) out += "    misplaced: " + untrusted_line(p.misplaced) + "\n";
  }
  for (const auto& c : r.commits)
    out += "  committed " + untrusted_line(c.sha) + " to " + untrusted_line(c.store + "@" + c.branch) + "\n";
  if (r.placements.empty()) out += "  no placements\n";
  return out;
}

std::string render_status_json(const RunState& state) {
  nlohmann::ordered_json promises = nlohmann::ordered_json::array();
  nlohmann::ordered_json requests = nlohmann::ordered_json::array();
  for (const auto& [directory, record] : state) {
    nlohmann::ordered_json entry = nlohmann::ordered_json::parse(record_json(record, true));
    entry["status"] = status_json(entry["status"].get<std::string>());
    (is_promise(record) ? promises : requests).push_back(std::move(entry));
  }
  const nlohmann::ordered_json document = {
      {"format_version", kReportFormatVersion}, {"promises", promises}, {"requests", requests}};
  return report_json_text(document);
}

std::string render_status_yaml(const RunState& state) {
  std::string out;
  for (const auto& [directory, record] : state) {
    const std::string object = published_status(record);
    // Made safe like any text output (a status key a pipeline chose could start a line with "::").
    if (!object.empty()) out += "---\n" + untrusted_lines(object);
  }
  return out;
}

}  // namespace ferry::runner

#include "runner/github.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "core/secret_values.h"
#include "core/untrusted_text.h"
#include "runner/report.h"
#include "runner/status_json.h"

namespace ferry::runner {
namespace {

// The `::add-mask::` argument: GitHub's own escapes only (the value itself must reach GitHub unmasked).
std::string add_mask_data(std::string_view value) {
  std::string out;
  for (const char c : value) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  return out;
}

std::string annotation(const char* level, const Error& e) {
  std::string properties;
  if (e.where) {
    properties = " file=" + github_command_property(e.where->file);
    if (e.where->line > 0) properties += ",line=" + std::to_string(e.where->line);
    if (e.where->column > 0) properties += ",col=" + std::to_string(e.where->column);
  }
  return std::string("::") + level + properties + "::" + github_command_data(e.message) + "\n";
}

// "Promise NAME" or "NAMESPACE/NAME", for the summary's table, whose Promise column tells kinds apart.
std::string who(const RequestReport& r) {
  return r.kind == "Promise" ? "Promise " + r.name : r.namespace_ + "/" + r.name;
}

// "Promise NAME" or "KIND NAMESPACE/NAME", for an annotation's title, which stands alone: two requests of
// different kinds with one name are told apart.
std::string who_with_kind(const RequestReport& r) {
  return r.kind == "Promise" ? who(r) : r.kind + " " + who(r);
}

std::string getenv_or_empty(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

// The object's status.message, its conditions and its health at a glance, secret values masked.
std::string status_cell(const RequestReport& r) {
  std::string cell = r.status_message;
  const nlohmann::ordered_json status = status_json(r.status_yaml);
  if (const std::string conditions = conditions_summary(status); !conditions.empty())
    cell += (cell.empty() ? "" : "; ") + conditions;
  if (const std::string health = health_summary(status); !health.empty())
    cell += (cell.empty() ? "" : "; ") + ("health " + health);
  return masked_secrets(cell);
}

std::string table_row(const RequestReport& r) {
  std::set<std::string> destinations;
  for (const auto& p : r.placements)
    destinations.insert(p.destination + (p.misplaced.empty() ? "" : " (misplaced)"));
  std::string where;
  for (const auto& d : destinations) where += (where.empty() ? "" : ", ") + d;
  std::string commits;
  for (const auto& c : r.commits)
    commits += (commits.empty() ? "" : ", ") + c.store + "@" + c.sha.substr(0, 12);
  return "| " + markdown_text(who(r)) + " | " + markdown_text(r.promise.empty() ? r.name : r.promise) +
         " | " + to_string(r.result) + " | " + markdown_text(where) + " | " + markdown_text(commits) + " | " +
         markdown_text(status_cell(r)) + " | " + markdown_text(r.message) + " |\n";
}

// Mermaid node ids must be plain: index-based ids, the names as labels.
std::string mermaid_label(const std::string& text) {
  return "[\"" + mermaid_text(text) + "\"]";
}

std::vector<const RequestReport*> entries_of(const RunReport& report) {
  std::vector<const RequestReport*> out;
  for (const auto& p : report.promises) out.push_back(&p);
  for (const auto& r : report.requests) out.push_back(&r);
  return out;
}

std::map<RequestResult, int> count_results(const std::vector<const RequestReport*>& entries) {
  std::map<RequestResult, int> counts;
  for (const auto* r : entries) ++counts[r->result];
  return counts;
}

// "3 succeeded, 1 failed": the results that occurred, in a fixed order.
std::string counts_line(const std::vector<const RequestReport*>& entries) {
  auto counts = count_results(entries);
  std::string line;
  for (RequestResult result : kResultsInReportOrder) {
    if (counts[result] > 0)
      line += (line.empty() ? "" : ", ") + std::to_string(counts[result]) + " " + to_string(result);
  }
  return line;
}

// "; 2 push retries" after the counts when another writer moved a remote branch during the run.
std::string retries_note(const RunReport& report) {
  const int retries = push_retries_of(report);
  if (retries == 0) return "";
  return "; " + std::to_string(retries) + (retries == 1 ? " push retry" : " push retries");
}

}  // namespace

GitHubEnvironment github_environment() {
  GitHubEnvironment env;
  env.active = getenv_or_empty("GITHUB_ACTIONS") == "true";
  if (!env.active) return env;
  env.summary_path = getenv_or_empty("GITHUB_STEP_SUMMARY");
  env.outputs_path = getenv_or_empty("GITHUB_OUTPUT");
  return env;
}

std::string render_github_annotations(const std::vector<Error>& errors, const std::vector<Error>& warnings) {
  std::string out;
  for (const auto& e : errors) out += annotation("error", e);
  for (const auto& w : warnings) out += annotation("warning", w);
  return out;
}

std::string render_github_run_annotations(const RunReport& report) {
  std::string out;
  for (const RequestReport* r : entries_of(report)) {
    if (r->result == RequestResult::failed || r->result == RequestResult::pending) {
      out += "::error title=" +
             github_command_property("ferry: " + who_with_kind(*r) + " " + to_string(r->result)) +
             "::" + github_command_data(r->message) + "\n";
    }
    for (const auto& p : r->placements) {
      if (p.misplaced.empty()) continue;
      out += "::warning title=" + github_command_property("ferry: " + who_with_kind(*r) + " misplaced") +
             "::" +
             github_command_data(p.pipeline + " group " + p.directory + " stays on " + p.destination + ": " +
                                 p.misplaced) +
             "\n";
    }
  }
  if (!report.state_error.empty())
    out += "::error title=ferry: state not recorded::" + github_command_data(report.state_error) + "\n";
  for (const std::string& error : report.release_errors)
    out += "::error title=ferry: PromiseRelease not installed::" + github_command_data(error) + "\n";
  return out;
}

std::string render_github_summary(const RunReport& report, std::size_t limit) {
  const auto entries = entries_of(report);
  const std::string head = "## ferry reconcile\n\n" + counts_line(entries) + retries_note(report) + "\n\n" +
                           "| object | Promise | result | Destinations | commits | status | message |\n"
                           "|---|---|---|---|---|---|---|\n";
  const std::string closing_reserve(200, ' ');  // room for the "left out" line
  std::string table = head;
  std::size_t shown = 0;
  for (const RequestReport* r : entries) {
    std::string row = table_row(*r);
    if (table.size() + row.size() + closing_reserve.size() > limit / 2) break;  // half for the table
    table += row;
    ++shown;
  }
  if (shown < entries.size())
    table += "\n" + std::to_string(entries.size() - shown) + " more rows left out (summary size limit)\n";

  std::string graph = "\n```mermaid\nflowchart LR\n";
  std::map<std::string, std::string> destination_ids;
  std::string edges;
  std::size_t left_out = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    std::string lines = "  r" + std::to_string(i) + mermaid_label(who(*entries[i])) + "\n";
    for (const auto& p : entries[i]->placements) {
      auto [it, added] =
          destination_ids.try_emplace(p.destination, "d" + std::to_string(destination_ids.size()));
      if (added) lines += "  " + it->second + mermaid_label(p.destination) + "\n";
      lines += "  r" + std::to_string(i) + " --> " + it->second + "\n";
    }
    if (entries[i]->placements.empty()) continue;
    if (table.size() + graph.size() + lines.size() + closing_reserve.size() > limit) {
      ++left_out;
      continue;
    }
    graph += lines;
  }
  if (left_out > 0)
    graph += "  %% " + std::to_string(left_out) + " more objects left out (summary size limit)\n";
  graph += "```\n";
  return table + graph;
}

std::string render_github_add_mask(std::string_view value) {
  std::string out = "::add-mask::" + add_mask_data(value) + "\n";
  if (value.find('\n') == std::string_view::npos) return out;
  // GitHub masks line by line: each line of a multi-line value on its own.
  std::size_t start = 0;
  while (start <= value.size()) {
    const auto end = std::min(value.find('\n', start), value.size());
    const std::string_view line = value.substr(start, end - start);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos)
      out += "::add-mask::" + add_mask_data(line) + "\n";
    start = end + 1;
  }
  return out;
}

std::string render_github_outputs(const RunReport& report) {
  const auto entries = entries_of(report);
  auto counts = count_results(entries);
  std::size_t commits = 0;
  for (const RequestReport* r : entries) commits += r->commits.size();
  commits += report.canary_commits.size();
  std::string out = std::string("changed=") + (commits > 0 ? "true" : "false") + "\n";
  out += "commits=" + std::to_string(commits) + "\n";
  for (RequestResult result : kResultsInReportOrder) {
    out += std::string(to_string(result)) + "=" + std::to_string(counts[result]) + "\n";
  }
  out += "exit-code=" + std::to_string(exit_code_of(report)) + "\n";
  return out;
}

}  // namespace ferry::runner

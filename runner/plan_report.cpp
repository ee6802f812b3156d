#include "runner/plan_report.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/untrusted_text.h"
#include "runner/report.h"
#include "runner/status_json.h"
#include "writer/layout.h"

namespace ferry::runner {
namespace {

// A diff longer than this many lines is cut in the text output (JSON carries it whole).
constexpr std::size_t kDiffLinesShown = 60;

// What an object would do by its result, in the plan's words (run_report.h has reconcile's).
std::string result_outcome(const RequestReport& r) {
  switch (r.result) {
    case RequestResult::succeeded:
      return r.message == kNoOutputMessage ? "would run, with no output: its pipelines write no files"
                                           : "would change";
    case RequestResult::unchanged:
      return "no change";
    case RequestResult::skipped:
      return "skipped: unchanged since the recorded run";
    case RequestResult::held:  // an upgrade held or deferred (run/upgrades.h) says why
      return "held: " + untrusted_line(r.upgrade.empty() ? r.message : r.upgrade);
    case RequestResult::deleted:
      return "would be deleted";
    case RequestResult::paused:
      return "paused: " + untrusted_lines(r.message);
    case RequestResult::drifted:
      return "drifted: changed by someone else since ferry wrote it (--restore-drift puts it back)";
    case RequestResult::suspended:
      return "would change, then suspend: " + untrusted_lines(r.message);
    case RequestResult::pending:
      return "pending: " + untrusted_lines(r.message);
    case RequestResult::failed:
      return "failed: " + untrusted_lines(r.message);
  }
  return "";
}

// "; misplaced: configure group . stays on dev (Destination dev no longer matches env=dev)" for each group
// kept on a Destination that no longer takes it, as reconcile reports (and exits 4 for) it.
std::string misplaced_groups(const RequestReport& r) {
  std::string out;
  for (const PlacementReport& p : r.placements) {
    if (!p.misplaced.empty())
      out += untrusted_line("; misplaced: " + p.pipeline + " group " + p.directory + " stays on " +
                            p.destination + " (" + p.misplaced + ")");
  }
  return out;
}

bool has_misplaced_group(const RequestReport& r) {
  return std::any_of(r.placements.begin(), r.placements.end(),
                     [](const PlacementReport& p) { return !p.misplaced.empty(); });
}

// "; waiting for a Destination: dependencies: ..." for a Promise whose groups no Destination takes yet.
std::string waiting_groups(const RequestReport& r) {
  const bool ran = r.result == RequestResult::succeeded || r.result == RequestResult::unchanged;
  return ran && r.message.starts_with(kWaitingForDestination) ? "; " + untrusted_lines(r.message) : "";
}

// "; upgrade from version v1 to v2" for a request a Promise change upgrades.
std::string upgrade_note(const RequestReport& r) {
  return r.upgrade.empty() || r.result == RequestResult::held ? "" : "; " + untrusted_line(r.upgrade);
}

std::string plan_outcome(const RequestReport& r) {
  return result_outcome(r) + upgrade_note(r) + waiting_groups(r) + misplaced_groups(r);
}

std::string object_name(const RequestReport& r) {
  if (r.kind == "Promise") return "Promise " + untrusted_line(r.name);
  return untrusted_line(r.kind + " " + r.namespace_ + "/" + r.name);
}

// The Destination whose directory in `store` holds `path`: the longest matching directory wins.
std::string destination_of(const Platform& platform, const GitStateStore& store, const std::string& path) {
  std::string best;
  std::size_t best_length = 0;
  for (const scheduler::Destination& d : platform.destinations) {
    if (d.state_store != store.name) continue;
    const std::string dir = writer::join_path({store.path, d.path});
    const bool inside = dir.empty() || path.starts_with(dir + "/");
    if (inside && (best.empty() || dir.size() > best_length)) {
      best = d.name;
      best_length = dir.size();
    }
  }
  return best;
}

std::string cut(const std::string& diff) {
  std::istringstream in(diff);
  std::string line, shown;
  std::size_t lines = 0;
  while (std::getline(in, line)) {
    if (++lines <= kDiffLinesShown) shown += untrusted_line(line) + "\n";
  }
  if (lines > kDiffLinesShown) shown += "... (" + std::to_string(lines - kDiffLinesShown) + " more lines)\n";
  return shown;
}

void count(const PlanReport& plan, int& added, int& modified, int& deleted) {
  for (const StorePlan& s : plan.stores) {
    for (const DestinationPlan& d : s.destinations) {
      for (const writer::FileChange& c : d.changes) {
        (c.kind == writer::FileChangeKind::added     ? added
         : c.kind == writer::FileChangeKind::deleted ? deleted
                                                     : modified)++;
      }
    }
  }
}

std::vector<const RequestReport*> objects_of(const RunReport& run) {
  std::vector<const RequestReport*> all;
  for (const auto& p : run.promises) all.push_back(&p);
  for (const auto& r : run.requests) all.push_back(&r);
  return all;
}

}  // namespace

std::vector<StorePlan> plan_stores(
    const Platform& platform, const std::map<std::string, std::shared_ptr<writer::PlannedContent>>& planned) {
  std::vector<StorePlan> stores;
  for (const GitStateStore& store : platform.stores) {
    const auto found = planned.find(store.name);
    if (found == planned.end()) continue;
    std::map<std::string, DestinationPlan> by_destination;
    for (auto& change : writer::diff_files(found->second->before(), found->second->after())) {
      const std::string destination = destination_of(platform, store, change.path);
      by_destination[destination].destination = destination;
      by_destination[destination].changes.push_back(std::move(change));
    }
    if (by_destination.empty()) continue;
    StorePlan plan{store.name, store.branch, {}};
    for (auto& [name, destination] : by_destination) plan.destinations.push_back(std::move(destination));
    stores.push_back(std::move(plan));
  }
  return stores;
}

std::string render_plan_text(const PlanReport& plan) {
  std::string out = options_line(plan.run);
  for (const RequestReport* r : objects_of(plan.run)) {
    out += object_name(*r) + ": " + plan_outcome(*r) + "\n";
    for (const std::string& entry : r->drifted) out += "  drift: " + untrusted_line(entry) + "\n";
  }
  for (const StorePlan& s : plan.stores) {
    for (const DestinationPlan& d : s.destinations) {
      out += "\n" +
             (d.destination.empty() ? std::string("Outside every Destination")
                                    : "Destination " + untrusted_line(d.destination)) +
             " (store " + untrusted_line(s.store) + ", branch " + untrusted_line(s.branch) + "):\n";
      for (const writer::FileChange& c : d.changes) {
        std::string kind = to_string(c.kind);
        kind.resize(9, ' ');
        out += "  " + kind + untrusted_line(c.path) + "\n";
      }
      for (const writer::FileChange& c : d.changes) {
        out += '\n';  // appended: gcc 12 at -O3 reports a false -Wrestrict in `"\n" + std::string`
        out += cut(writer::unified_diff(c));
      }
    }
  }
  int added = 0, modified = 0, deleted = 0;
  count(plan, added, modified, deleted);
  out += "\nPlan: " + std::to_string(added) + " file(s) to add, " + std::to_string(modified) +
         " to change, " + std::to_string(deleted) +
         " to delete. Nothing was written to the stores or the state";
  out += plan.pipeline_cache.empty()
             ? ".\n"
             : "; pipelines that ran keep their results in the pipeline cache " +
                   untrusted_line(plan.pipeline_cache) +
                   " for the next plan (they ran with KRATIX_DRY_RUN=true: a reconcile runs them again).\n";
  if (!plan.run.state_error.empty()) out += "warning: " + untrusted_lines(plan.run.state_error) + "\n";
  for (const std::string& error : plan.run.release_errors) out += "error: " + untrusted_lines(error) + "\n";
  for (const std::string& warning : plan.run.state_warnings)
    out += "warning: " + untrusted_lines(warning) + "\n";
  for (const std::string& warning : plan.run.health_warnings)
    out += "warning: " + untrusted_lines(warning) + "\n";
  return out;
}

std::string render_plan_json(const PlanReport& plan) {
  nlohmann::ordered_json objects = nlohmann::ordered_json::array();
  for (const RequestReport* r : objects_of(plan.run)) {
    nlohmann::ordered_json object = {
        {"kind", r->kind},       {"namespace", r->namespace_},     {"name", r->name},
        {"promise", r->promise}, {"result", to_string(r->result)}, {"plan", plan_outcome(*r)}};
    if (!r->drifted.empty()) object["drifted"] = r->drifted;
    if (!r->status_yaml.empty()) object["status"] = status_json(r->status_yaml);  // as the run would leave it
    objects.push_back(std::move(object));
  }
  nlohmann::ordered_json stores = nlohmann::ordered_json::array();
  for (const StorePlan& s : plan.stores) {
    nlohmann::ordered_json destinations = nlohmann::ordered_json::array();
    for (const DestinationPlan& d : s.destinations) {
      nlohmann::ordered_json files = nlohmann::ordered_json::array();
      for (const writer::FileChange& c : d.changes) {
        files.push_back({{"path", c.path}, {"change", to_string(c.kind)}, {"diff", writer::unified_diff(c)}});
      }
      destinations.push_back({{"destination", d.destination}, {"files", files}});
    }
    stores.push_back({{"store", s.store}, {"branch", s.branch}, {"destinations", destinations}});
  }
  nlohmann::ordered_json doc = {{"format_version", kReportFormatVersion},
                                {"changes", plan.has_changes()},
                                {"objects", objects},
                                {"stores", stores}};
  if (plan.run.no_network) doc["options"] = options_json(plan.run);
  return report_json_text(doc);
}

std::string render_github_plan_summary(const PlanReport& plan, std::size_t limit) {
  int added = 0, modified = 0, deleted = 0;
  count(plan, added, modified, deleted);
  std::string out = "## ferry plan\n\n" + std::to_string(added) + " file(s) to add, " +
                    std::to_string(modified) + " to change, " + std::to_string(deleted) + " to delete.\n\n";
  for (const RequestReport* r : objects_of(plan.run)) {
    if (r->result == RequestResult::succeeded || r->result == RequestResult::failed ||
        r->result == RequestResult::pending || r->result == RequestResult::deleted ||
        has_misplaced_group(*r)) {
      out += "- " +
             markdown_text(r->kind == "Promise" ? "Promise " + r->name
                                                : r->kind + " " + r->namespace_ + "/" + r->name) +
             ": " + markdown_text(plan_outcome(*r)) + "\n";
    }
  }
  const std::string closing =
      "\n_The plan is cut here to stay under GitHub's summary limit; run `ferry plan` for all of it._\n";
  for (const StorePlan& s : plan.stores) {
    for (const DestinationPlan& d : s.destinations) {
      std::string diff;
      for (const writer::FileChange& c : d.changes) diff += cut(writer::unified_diff(c));
      const std::string fence = code_fence_for(diff);  // a diff line of ``` cannot close the block
      const std::string section =
          "\n### " +
          (d.destination.empty() ? std::string("Outside every Destination") : markdown_text(d.destination)) +
          " (" + markdown_text(s.store) + ", " + markdown_text(s.branch) + ")\n\n" + fence + "diff\n" + diff +
          fence + "\n";
      if (out.size() + section.size() + closing.size() > limit) return out + closing;
      out += section;
    }
  }
  return out;
}

int plan_exit_code(const PlanReport& plan, bool detailed) {
  // Reconcile's own codes first, so that a plan and the reconcile after it agree: 3 some object would fail
  // or stay pending, 4 some group would stay misplaced.
  if (const int as_reconcile = exit_code_of(plan.run); as_reconcile != 0) return as_reconcile;
  const auto objects = objects_of(plan.run);
  // Drift is a difference between Git and what ferry wrote, as a change is: both ask for a reconcile.
  const bool drifted = std::any_of(objects.begin(), objects.end(), [](const RequestReport* r) {
    return r->result == RequestResult::drifted;
  });
  return detailed && (plan.has_changes() || drifted) ? 2 : 0;
}

}  // namespace ferry::runner

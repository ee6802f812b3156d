#include "runner/plan_report.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "runner/report.h"
#include "writer/layout.h"

namespace ferry::runner {
namespace {

// A diff longer than this many lines is cut in the text output (JSON carries it whole).
constexpr std::size_t kDiffLinesShown = 60;

// What an object would do, in the plan's words (run_report.h has reconcile's).
std::string plan_outcome(const RequestReport& r) {
  switch (r.result) {
    case RequestResult::succeeded:
      return "would change";
    case RequestResult::unchanged:
      return "no change";
    case RequestResult::skipped:
      return "skipped: unchanged since the recorded run";
    case RequestResult::deleted:
      return "would be deleted";
    case RequestResult::drifted:
      return "drifted: changed by someone else since ferry wrote it (--restore-drift puts it back)";
    case RequestResult::suspended:
      return "would change, then suspend: " + r.message;
    case RequestResult::pending:
      return "pending: " + r.message;
    case RequestResult::failed:
      return "failed: " + r.message;
  }
  return "";
}

std::string object_name(const RequestReport& r) {
  if (r.kind == "Promise") return "Promise " + r.name;
  return r.kind + " " + r.namespace_ + "/" + r.name;
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
    if (++lines <= kDiffLinesShown) shown += line + "\n";
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
  std::string out;
  for (const RequestReport* r : objects_of(plan.run)) {
    out += object_name(*r) + ": " + plan_outcome(*r) + "\n";
    for (const std::string& entry : r->drifted) out += "  drift: " + entry + "\n";
  }
  for (const StorePlan& s : plan.stores) {
    for (const DestinationPlan& d : s.destinations) {
      out += "\n" +
             (d.destination.empty() ? std::string("Outside every Destination")
                                    : "Destination " + d.destination) +
             " (store " + s.store + ", branch " + s.branch + "):\n";
      for (const writer::FileChange& c : d.changes) {
        std::string kind = to_string(c.kind);
        kind.resize(9, ' ');
        out += "  " + kind + c.path + "\n";
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
         " to change, " + std::to_string(deleted) + " to delete. Nothing was written.\n";
  if (!plan.run.state_error.empty()) out += "warning: " + plan.run.state_error + "\n";
  for (const std::string& warning : plan.run.state_warnings) out += "warning: " + warning + "\n";
  return out;
}

std::string render_plan_json(const PlanReport& plan) {
  nlohmann::ordered_json objects = nlohmann::ordered_json::array();
  for (const RequestReport* r : objects_of(plan.run)) {
    nlohmann::ordered_json object = {
        {"kind", r->kind},       {"namespace", r->namespace_},     {"name", r->name},
        {"promise", r->promise}, {"result", to_string(r->result)}, {"plan", plan_outcome(*r)}};
    if (!r->drifted.empty()) object["drifted"] = r->drifted;
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
  return doc.dump(2) + "\n";
}

std::string render_github_plan_summary(const PlanReport& plan, std::size_t limit) {
  int added = 0, modified = 0, deleted = 0;
  count(plan, added, modified, deleted);
  std::string out = "## ferry plan\n\n" + std::to_string(added) + " file(s) to add, " +
                    std::to_string(modified) + " to change, " + std::to_string(deleted) + " to delete.\n\n";
  for (const RequestReport* r : objects_of(plan.run)) {
    if (r->result == RequestResult::succeeded || r->result == RequestResult::failed ||
        r->result == RequestResult::deleted) {
      out += "- " + object_name(*r) + ": " + plan_outcome(*r) + "\n";
    }
  }
  const std::string closing =
      "\n_The plan is cut here to stay under GitHub's summary limit; run `ferry plan` for all of it._\n";
  for (const StorePlan& s : plan.stores) {
    for (const DestinationPlan& d : s.destinations) {
      std::string section =
          "\n### " + (d.destination.empty() ? std::string("Outside every Destination") : d.destination) +
          " (" + s.store + ", " + s.branch + ")\n\n```diff\n";
      for (const writer::FileChange& c : d.changes) section += cut(writer::unified_diff(c));
      section += "```\n";
      if (out.size() + section.size() + closing.size() > limit) return out + closing;
      out += section;
    }
  }
  return out;
}

int plan_exit_code(const PlanReport& plan, bool detailed) {
  const auto objects = objects_of(plan.run);
  const bool failed = std::any_of(objects.begin(), objects.end(),
                                  [](const RequestReport* r) { return r->result == RequestResult::failed; });
  if (failed) return 1;
  // Drift is a difference between Git and what ferry wrote, as a change is: both ask for a reconcile.
  const bool drifted = std::any_of(objects.begin(), objects.end(), [](const RequestReport* r) {
    return r->result == RequestResult::drifted;
  });
  return detailed && (plan.has_changes() || drifted) ? 2 : 0;
}

}  // namespace ferry::runner

#include "runner/narrow_reconcile.h"

#include "run/quiet_run_delta.h"

namespace ferry::runner {
namespace {

// For each kept request, its place in plan.changed, or -1.
std::vector<long> changed_slots(const QuietRunMemo& memo, const NarrowPlan& plan) {
  std::vector<long> slots(memo.kept.requests.size(), -1);
  for (std::size_t k = 0; k < plan.changed.size(); ++k) slots[plan.changed[k]] = static_cast<long>(k);
  return slots;
}

void append_kept(std::string& out, const QuietRunMemo& memo, std::size_t i) {
  out.append(kept_entry(memo, i));
}

}  // namespace

std::string narrow_report_text(const RunReport& report, const QuietRunMemo& memo, const NarrowPlan& plan) {
  const std::vector<long> slots = changed_slots(memo, plan);
  const std::size_t kept = memo.kept.requests.size();
  RequestEntries entries;
  entries.results.assign(kept, RequestResult::skipped);
  for (std::size_t k = 0; k < plan.changed.size() && k < report.requests.size(); ++k)
    entries.results[plan.changed[k]] = report.requests[k].result;
  for (std::size_t k = plan.changed.size(); k < report.requests.size(); ++k)
    entries.results.push_back(report.requests[k].result);
  entries.append = [&](std::string& out, std::size_t i) {
    if (i >= kept) {
      append_request_entry(out, report.requests[i - kept + plan.changed.size()]);
    } else if (slots[i] >= 0 && static_cast<std::size_t>(slots[i]) < report.requests.size()) {
      append_request_entry(out, report.requests[static_cast<std::size_t>(slots[i])]);
    } else {
      append_kept(out, memo, i);
    }
  };
  return render_text(report, {}, &entries);
}

bool nothing_else_to_say(const RunReport& report) {
  return report.state_error.empty() && report.state_warnings.empty() && report.metric_failures.empty() &&
         report.health_warnings.empty() && report.journal_notes.empty() && report.canary_commits.empty() &&
         report.canary_errors.empty() && report.release_errors.empty() && report.recovery_notes.empty() &&
         report.destination_cleanups.empty() && report.cleanup_errors.empty();
}

bool quiet_but_for_requests(const RunReport& report) {
  for (const RequestReport& p : report.promises) {
    if (p.result != RequestResult::skipped) return false;
  }
  for (const RequestReport& r : report.requests) {
    if (r.result != RequestResult::succeeded && r.result != RequestResult::unchanged &&
        r.result != RequestResult::skipped)
      return false;
  }
  return nothing_else_to_say(report);
}

std::map<std::size_t, std::string> narrow_memo_entries(QuietRunMemo& memo, const NarrowPlan& plan,
                                                       const std::map<std::size_t, RequestReport>& next) {
  std::map<std::size_t, std::string> entries;
  for (std::size_t k = 0; k < plan.changed.size(); ++k) {
    const std::size_t i = plan.changed[k];
    append_request_entry(entries[i], next.at(k));
    memo.kept.requests[i].chunk_digest = plan.changed_digests[k];
    memo.changed[i] = entries[i];
  }
  return entries;
}

}  // namespace ferry::runner

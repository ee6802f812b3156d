#include "run/promise_requirements.h"

#include <optional>
#include <vector>

namespace ferry::runner {
namespace {

bool own_work_done(const RequestReport* report) {
  return report && report->result != RequestResult::failed && report->result != RequestResult::pending;
}

// Depth-first over the requirements; `path` is the chain being checked, so a Promise met again on it is a
// cycle. Memoised in `reasons` ("" = available).
class RequirementCheck {
 public:
  // `reports` null: every Promise's own work is taken as done, so only what the platform declares is judged.
  RequirementCheck(const Platform& platform, const std::map<std::string, const RequestReport*>* reports)
      : platform_(platform), reports_(reports) {}

  std::string why_unavailable(const pipeline::Promise& promise) {
    if (auto known = reasons_.find(promise.name); known != reasons_.end()) return known->second;
    for (std::size_t i = 0; i < path_.size(); ++i) {
      if (path_[i] != promise.name) continue;
      std::string cycle = "required Promises form a cycle: ";
      for (std::size_t j = i; j < path_.size(); ++j) cycle += path_[j] + " -> ";
      return cycle + promise.name;
    }
    path_.push_back(promise.name);
    std::string reason = unmet(promise);
    path_.pop_back();
    reasons_[promise.name] = reason;
    return reason;
  }

 private:
  // Every unmet requirement, in order, joined by "; " (a user fixes them all in one go); "" when all are met.
  std::string unmet(const pipeline::Promise& promise) {
    std::string reasons;
    for (const pipeline::RequiredPromise& required : promise.required_promises) {
      if (std::string reason = unmet_one(required); !reason.empty())
        reasons += (reasons.empty() ? "" : "; ") + reason;
    }
    return reasons;
  }

  std::string unmet_one(const pipeline::RequiredPromise& required) {
    const pipeline::Promise* found = platform_.promise(required.name);
    const std::string quoted = "required Promise \"" + required.name + "\"";
    if (!found) return quoted + " is not in the platform";
    if (!required.version.empty() && found->version != required.version) {
      return quoted + " is at version " + found->version + ", not " + required.version;
    }
    if (reports_ != nullptr) {
      const auto report = reports_->find(required.name);
      const RequestReport* own = report == reports_->end() ? nullptr : report->second;
      if (!own_work_done(own)) {
        return quoted + " is not available (" + (own ? to_string(own->result) : "not run") + ")";
      }
    }
    if (std::string deeper = why_unavailable(*found); !deeper.empty()) {
      return deeper.starts_with("required Promises form a cycle") ? deeper
                                                                  : quoted + " is not available: " + deeper;
    }
    return "";
  }

  const Platform& platform_;
  const std::map<std::string, const RequestReport*>* reports_;
  std::map<std::string, std::string> reasons_;
  std::vector<std::string> path_;
};

std::map<std::string, std::string> unmet_of(const Platform& platform,
                                            const std::map<std::string, const RequestReport*>* reports) {
  RequirementCheck check(platform, reports);
  std::map<std::string, std::string> unmet;
  for (const pipeline::Promise& promise : platform.promises) {
    if (std::string reason = check.why_unavailable(promise); !reason.empty()) unmet[promise.name] = reason;
  }
  return unmet;
}

}  // namespace

std::map<std::string, std::string> unmet_requirements(
    const Platform& platform, const std::map<std::string, const RequestReport*>& reports) {
  return unmet_of(platform, &reports);
}

std::map<std::string, std::string> declared_unmet_requirements(const Platform& platform) {
  return unmet_of(platform, nullptr);
}

void mark_unmet_requirements(const Platform& platform,
                             const std::map<std::string, const RequestReport*>& reports,
                             std::vector<RequestReport>& promises) {
  const auto unmet = unmet_requirements(platform, reports);
  for (RequestReport& report : promises) {
    const auto found = unmet.find(report.name);
    if (found == unmet.end()) continue;
    report.result = RequestResult::pending;
    report.message = kRequirementsNotInstalled + found->second;
  }
}

}  // namespace ferry::runner

#include "run/preflight.h"

#include <algorithm>
#include <iterator>

#include "pipeline/inapplicable_fields.h"
#include "placement/external_scheduler.h"
#include "run/promise_requirements.h"
#include "scheduler/placement_binding.h"

namespace ferry::runner {
namespace {

// The executable a policy hands its requests to, resolved as every request of it would resolve it
// (placement/run_scheduling.cpp), in the words run/request_plan.cpp leaves them pending with.
void check_external_schedulers(const Platform& platform, std::vector<Error>& errors) {
  for (const scheduler::PlacementPolicy& policy : platform.policies) {
    if (!policy.scheduler_name) continue;
    auto executable = resolve_scheduler(*policy.scheduler_name, platform.root);
    if (!executable) {
      errors.push_back(
          make_error(policy.where, "PlacementPolicy " + policy.name + ": " + executable.error().render()));
    }
  }
}

// A policy whose locationSelectors select no declared Location: KCP's Pending for every group it governs,
// whichever Destinations are ready (scheduler/location.h decides, with no eligible Destination and none
// current).
void check_locations(const Platform& platform, std::vector<Error>& warnings) {
  for (const scheduler::PlacementPolicy& policy : platform.policies) {
    if (policy.location_selectors.empty()) continue;
    const scheduler::LocationChoice choice = scheduler::choose_location(
        policy.name, policy.location_selectors, platform.locations, platform.destinations, {}, std::nullopt);
    if (choice.state != scheduler::PlacementState::pending) continue;
    warnings.push_back(make_error(policy.where, "PlacementPolicy " + policy.name + ": its requests stay " +
                                                    scheduler::to_string(choice.state) + ": " +
                                                    choice.reason));
  }
}

void check_requirements(const Platform& platform, std::vector<Error>& warnings) {
  const auto unmet = declared_unmet_requirements(platform);
  for (const pipeline::Promise& promise : platform.promises) {
    const auto found = unmet.find(promise.name);
    if (found == unmet.end()) continue;
    warnings.push_back(make_error(
        promise.where, "Promise \"" + promise.name + "\": " + kRequirementsNotInstalled + found->second));
  }
}

// Pipeline fields with no meaning outside Kubernetes (nodeSelector, tolerations, restartPolicy): one warning
// per Promise, located at the first such field of any of its Pipelines. `rbac` is no such field: ferry
// reconcile serves it (run/platform_api_check.h says where it cannot).
void check_inapplicable_fields(const Platform& platform, std::vector<Error>& warnings) {
  for (const pipeline::Promise& promise : platform.promises) {
    std::vector<pipeline::InapplicableField> fields;
    for (const auto& [workflow, pipelines] : promise.workflows) {
      for (const pipeline::Pipeline& pipeline : pipelines) {
        std::copy_if(pipeline.inapplicable_fields.begin(), pipeline.inapplicable_fields.end(),
                     std::back_inserter(fields), [](const auto& field) { return field.name != "rbac"; });
      }
    }
    if (fields.empty()) continue;
    warnings.push_back(
        make_error(fields.front().where, pipeline::inapplicable_fields_warning(promise.name, fields)));
  }
}

}  // namespace

void check_before_run(const Platform& platform, std::vector<Error>& errors, std::vector<Error>& warnings) {
  check_external_schedulers(platform, errors);
  check_requirements(platform, warnings);
  check_locations(platform, warnings);
  check_inapplicable_fields(platform, warnings);
}

}  // namespace ferry::runner

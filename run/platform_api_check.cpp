// check_platform_api (platform_api_check.h): the Pipelines with `rbac`, and whether the run can serve them.
#include "run/platform_api_check.h"

#include <algorithm>
#include <optional>

#include "api/pipeline_network.h"
#include "pipeline/pipeline_api.h"

namespace ferry::runner {
namespace {

struct ApiPipeline {
  const pipeline::Promise& promise;
  const std::string& workflow;
  const pipeline::Pipeline& pipeline;
  SourceLocation rbac;  // where the Pipeline's rbac is
};

std::vector<ApiPipeline> api_pipelines(const Platform& platform) {
  std::vector<ApiPipeline> found;
  for (const pipeline::Promise& promise : platform.promises) {
    for (const auto& [workflow, pipelines] : promise.workflows) {
      for (const pipeline::Pipeline& pipeline : pipelines) {
        if (!pipeline::serves_platform_api(pipeline)) continue;
        const auto rbac =
            std::find_if(pipeline.inapplicable_fields.begin(), pipeline.inapplicable_fields.end(),
                         [](const auto& field) { return field.name == "rbac"; });
        found.push_back({promise, workflow, pipeline, rbac->where});
      }
    }
  }
  return found;
}

std::string named(const ApiPipeline& found) {
  return "Promise \"" + found.promise.name + "\", Pipeline \"" + found.pipeline.name + "\" (" +
         found.workflow + "): rbac asks for the platform API, which ";
}

void warn_unserved(const std::vector<ApiPipeline>& found, std::vector<Error>& warnings) {
  std::vector<std::string> warned;
  for (const ApiPipeline& each : found) {
    if (std::find(warned.begin(), warned.end(), each.promise.name) != warned.end()) continue;
    warned.push_back(each.promise.name);
    warnings.push_back(
        make_error(each.rbac, "Promise \"" + each.promise.name +
                                  "\": ferry plan serves no platform API: a container of a "
                                  "Pipeline with rbac that calls the Kubernetes API finds none "
                                  "(ferry reconcile serves it on exec, podman and oci)"));
  }
}

}  // namespace

void check_platform_api(const Platform& platform, const PlatformApiRun& run, std::vector<Error>& errors,
                        std::vector<Error>& warnings) {
  const std::vector<ApiPipeline> found = api_pipelines(platform);
  if (found.empty()) return;
  if (!run.serves) return warn_unserved(found, warnings);
  std::optional<std::string> why;
  if (run.runtime == "docker") {
    why =
        "ferry serves on --runtime exec, podman and oci, not on docker: run it with one of those, or "
        "without its rbac";
  } else if (Status probed = run.probe ? run.probe() : ok(); !probed) {
    why = "this run cannot serve: " + probed.error().message +
          "; making a pipeline's network namespace needs CAP_SYS_ADMIN: run ferry reconcile as root";
  }
  if (!why) return;
  for (const ApiPipeline& each : found) errors.push_back(make_error(each.rbac, named(each) + *why));
}

PlatformApiRun platform_api_run(std::string runtime, bool serves) {
  return PlatformApiRun{std::move(runtime), serves, []() -> Status {
                          auto network = api::make_pipeline_network(0);  // dropped at once
                          if (!network) return network.error();
                          return ok();
                        }};
}

}  // namespace ferry::runner

// A fixture for run_workflow tests: a scratch directory, a RecordingRuntime whose behaviour the test sets
// per container label ("<pipeline>/<container>"), and a resource-workflow object.
#pragma once

#include <gtest/gtest.h>

#include <map>

#include "pipeline/workflow.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/test_support.h"

namespace ferry::pipeline {

class WorkflowTest : public ::testing::Test {
 protected:
  WorkflowTest() { options.scratch_dir = scratch.path() / "runs"; }

  // Containers without a behaviour succeed with no output.
  Result<std::vector<PipelineResult>> run(const std::vector<Pipeline>& pipelines) {
    return run_workflow(pipelines, object, runtime, options);
  }
  std::string error_of(const std::vector<Pipeline>& pipelines) {
    auto results = run(pipelines);
    return results.ok() ? "no error" : results.error().render();
  }
  bool scratch_is_empty() const { return std::filesystem::is_empty(options.scratch_dir); }

  static Container container(const std::string& name) {
    return Container{name, "ghcr.io/acme/" + name + ":v1", {}, {}, {}};
  }
  static Pipeline pipeline(const std::string& name, std::vector<Container> containers) {
    return Pipeline{name, std::move(containers), {}};
  }
  // A behaviour that writes `files` (relative to the container path `mount`) and exits 0.
  static RecordingRuntime::Behaviour writes(std::string mount, std::map<std::string, std::string> files) {
    return [mount, files](const runtime::ContainerRun& run) {
      for (const auto& [path, content] : files)
        ferry::testing::write_file(host_path_of(run, mount) / path, content);
      return runtime::ContainerExit{};
    };
  }

  ferry::testing::TempDir scratch;
  WorkflowOptions options;
  WorkflowObject object{"resource",
                        "configure",
                        "postgresql",
                        "PostgreSQL",
                        "marketplace.kratix.io",
                        "v1alpha1",
                        "acid",
                        "team-a",
                        "postgresqls",
                        "apiVersion: marketplace.kratix.io/v1alpha1\nkind: PostgreSQL\n"};
  std::map<std::string, RecordingRuntime::Behaviour> behaviours;
  RecordingRuntime runtime{[this](const runtime::ContainerRun& run) {
    auto it = behaviours.find(run.label);
    return it == behaviours.end() ? runtime::ContainerExit{} : it->second(run);
  }};
};

}  // namespace ferry::pipeline

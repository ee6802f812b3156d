// Shared by the tests that run the same images through every runtime: the runtimes by name (failing, never
// skipping, when an engine or an image is missing, with what to run), a fresh /kratix layout, and
// snapshots of output directories for byte-for-byte comparison.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/runtime_factory.h"
#include "tests/support/test_support.h"

namespace ferry::pipeline {

inline const std::vector<std::string> kRuntimeNames{"podman", "docker", "oci", "exec"};
inline const std::string kContractImage = "localhost/ferry-fixtures/contract-check:dev";
inline const std::vector<std::string> kFixtureImages{kContractImage,
                                                     "localhost/ferry-fixtures/redis-configure:dev",
                                                     "localhost/ferry-fixtures/app-configure:dev"};

// What is missing for `runtime` to run the fixture images, as advice; empty when nothing is.
inline std::string missing_for(const std::string& runtime) {
  using ferry::testing::run;
  if (runtime == "docker" && run("docker info").exit_code != 0) {
    return "docker is not available: run ci/start-docker";
  }
  for (const std::string& image : kFixtureImages) {
    if (run("podman image exists " + image).exit_code != 0) return image + " is missing: run ci/build-images";
    if (runtime == "docker" && run("docker image inspect " + image).exit_code != 0) {
      return image + " is missing in docker: run ci/start-docker";
    }
  }
  if (runtime == "oci" && run("command -v runc").exit_code != 0) return "runc is missing: run ci/setup";
  if (runtime == "exec" && run("command -v bwrap").exit_code != 0) return "bwrap is missing: run ci/setup";
  return {};
}

// The runtime called `name`, exec with the fixtures' image map; adds a fatal failure when it cannot run.
inline std::unique_ptr<runtime::ContainerRuntime> runtime_for_test(const std::string& name) {
  if (std::string missing = missing_for(name); !missing.empty()) {
    ADD_FAILURE() << missing;
    return nullptr;
  }
  runtime::RuntimeOptions options;
  options.name = name;
  options.exec_config = std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures/exec/ferry-exec.yaml";
  Result<std::unique_ptr<runtime::ContainerRuntime>> runtime = runtime::make_runtime(options);
  if (!runtime) {
    ADD_FAILURE() << runtime.error().render();
    return nullptr;
  }
  return std::move(*runtime);
}

// /kratix/input (with object.yaml), /kratix/output and /kratix/metadata on the host, removed afterwards.
// The output path has a comma and a space on purpose.
class KratixDirs {
 public:
  explicit KratixDirs(const std::string& object = "kind: Redis\nmetadata:\n  name: cache\n") {
    ferry::testing::write_file(input() / "object.yaml", object);
    std::filesystem::create_directories(output());
    std::filesystem::create_directories(metadata());
  }
  std::filesystem::path input() const { return root_.path() / "input"; }
  std::filesystem::path output() const { return root_.path() / "out,put dir"; }
  std::filesystem::path metadata() const { return root_.path() / "metadata"; }

  runtime::ContainerRun run(std::string label, std::string image = kContractImage) const {
    runtime::ContainerRun run;
    run.label = std::move(label);
    run.image = std::move(image);
    run.mounts = {{input(), "/kratix/input", true},
                  {output(), "/kratix/output", false},
                  {metadata(), "/kratix/metadata", false}};
    run.timeout = std::chrono::seconds(60);
    return run;
  }

 private:
  ferry::testing::TempDir root_;
};

// Every regular file under `dir` by relative path ("output/x.yaml"), with its bytes.
inline std::map<std::string, std::string> snapshot(const std::filesystem::path& dir,
                                                   const std::string& prefix) {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    files[prefix + "/" + entry.path().lexically_relative(dir).string()] =
        ferry::testing::read_file(entry.path());
  }
  return files;
}

}  // namespace ferry::pipeline

// A whole run against fakes, for the tests of run/: the test platform's files (platform_texts.h) written to
// a directory, and reconcile() of that directory with a recording runtime and a RecordingStateStore the
// test keeps (every Destination's store opens onto it through a SharedStore); a fixture holding them.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "platform/loader.h"
#include "run/reconcile.h"
#include "tests/support/platform_texts.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/recording_state_store.h"
#include "tests/support/shared_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner::test_platform {

// The GitStateStore, the Destinations, the Promise and its request of platform_texts.h, one file each.
inline void write_test_platform(const std::filesystem::path& root) {
  ferry::testing::write_file(root / "stores.yaml", kStore);
  ferry::testing::write_file(root / "destinations.yaml", kDestinations);
  ferry::testing::write_file(root / "promise.yaml", kPromise);
  ferry::testing::write_file(root / "request.yaml", kRequest);
}

// A pipeline that writes the request's redis.yaml ("kind: Redis") and succeeds.
inline runtime::ContainerExit write_redis_output(const runtime::ContainerRun& run) {
  ferry::testing::write_file(pipeline::host_path_of(run, "/kratix/output") / "redis.yaml", "kind: Redis\n");
  return runtime::ContainerExit{0, false, ""};
}

// Loads the platform in `root` and reconciles it with `runtime`, every store opening onto `store`, and
// `options` (its scratch_dir is created). A load error or a failed run fails the test and gives an empty
// report.
inline RunReport reconcile_with_fakes(const std::filesystem::path& root, runtime::ContainerRuntime& runtime,
                                      writer::RecordingStateStore& store, const ReconcileOptions& options) {
  LoadResult loaded = load_platform(root);
  EXPECT_TRUE(loaded.errors.empty()) << (loaded.errors.empty() ? "" : loaded.errors.front().render());
  StoreOpener opener = [&store](const GitStateStore&) -> Result<std::unique_ptr<writer::StateStore>> {
    return std::unique_ptr<writer::StateStore>(std::make_unique<SharedStore>(store));
  };
  std::filesystem::create_directories(options.scratch_dir);
  auto report = reconcile(loaded.platform, runtime, opener, options);
  EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.error().render());
  return report ? *report : RunReport{};
}

// A test of whole runs against fakes: the platform directory root(), a secrets directory, the recording
// runtime of the last run and the store every run writes to.
class FakeReconcileTest : public ::testing::Test {
 protected:
  std::filesystem::path root() const { return dir.path() / "platform"; }

  // Reconciles root() with a new RecordingRuntime acting as `behaviour` (kept in `runtime` for the test to
  // look at), `options` with the scratch directory below `dir` and `secrets`.
  RunReport reconcile_root(ReconcileOptions options, pipeline::RecordingRuntime::Behaviour behaviour) {
    runtime = std::make_unique<pipeline::RecordingRuntime>(std::move(behaviour));
    options.scratch_dir = dir.path() / "scratch";
    options.secrets = &secrets;
    return reconcile_with_fakes(root(), *runtime, store, options);
  }

  ferry::testing::TempDir dir;
  pipeline::DirectorySecretSource secrets{dir.path() / "secrets", ""};
  std::unique_ptr<pipeline::RecordingRuntime> runtime;
  writer::RecordingStateStore store;
};

}  // namespace ferry::runner::test_platform

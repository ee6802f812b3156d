// End to end: a loose object of the state repository or of a Destination's repository cut short, as a power
// loss leaves one when nothing was fsynced, or overwritten with garbage. ferry ends within a time bound with
// an error naming the object and the repository (writer/checked_odb.h); before, libgit2 1.5 spun forever
// inflating the cut-short object and only SIGKILL ended the run.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/damaged_objects.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::cut_to_half;
using ferry::testing::FerryArgs;
using ferry::testing::FerryOptions;
using ferry::testing::git;
using ferry::testing::loose_file;
using ferry::testing::overwrite_with_garbage;
using ferry::testing::read_file;

constexpr int kTimeBoundSeconds = 60;

class DamagedRepositoryE2E : public ferry::testing::PlatformFixture {
 protected:
  fs::path state() const { return platform() / ".ferry/state.git"; }
  // `ferry reconcile` with the fixture's exec runtime and `extra`, stopped (exit 124) after the time bound;
  // stdout and stderr together.
  ferry::testing::FerryResult reconcile_bounded(const FerryArgs& extra = {}) const {
    FerryOptions options;
    options.timeout_seconds = kTimeBoundSeconds;
    options.merge_stderr = true;
    return ferry::testing::run_ferry(FerryArgs{"reconcile", platform().string()} + exec_runtime() + extra,
                                     options);
  }
  // The first record file of the state branch.
  std::string a_record() const {
    const std::string files = git(state(), "ls-tree -r --name-only state");
    return files.substr(0, files.find('\n'));
  }
};

TEST_F(DamagedRepositoryE2E, ACutShortRecordInTheStateRepositoryIsAnErrorNamingItAndTheRepository) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0) << read_file(dir.path() / "stderr");
  std::string id;
  cut_to_half(loose_file(state(), "state:" + a_record(), id));
  const auto result = reconcile_bounded();
  EXPECT_NE(result.exit_code, 124) << "ferry overran " << kTimeBoundSeconds << " s";
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.output.find("loose object " + id + " of state store " + state().string() +
                               " is damaged: its zlib stream ends early"),
            std::string::npos)
      << result.output;
}

TEST_F(DamagedRepositoryE2E, AGarbageRecordInTheStateRepositoryIsAnErrorNamingItAndTheRepository) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0) << read_file(dir.path() / "stderr");
  std::string id;
  overwrite_with_garbage(loose_file(state(), "state:" + a_record(), id));
  const auto result = reconcile_bounded();
  EXPECT_NE(result.exit_code, 124) << "ferry overran " << kTimeBoundSeconds << " s";
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.output.find("loose object " + id + " of state store " + state().string() +
                               " is damaged: it is not a valid zlib stream"),
            std::string::npos)
      << result.output;
}

TEST_F(DamagedRepositoryE2E, ACutShortTreeInADestinationsRepositoryFailsItsWritesNamingItAndTheRepository) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0) << read_file(dir.path() / "stderr");
  std::string id;
  cut_to_half(loose_file(clusters(), "main^{tree}", id));
  const auto result = reconcile_bounded({"--no-state"});
  EXPECT_NE(result.exit_code, 124) << "ferry overran " << kTimeBoundSeconds << " s";
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.output.find("loose object " + id + " of state store " + clusters().string() +
                               " is damaged: its zlib stream ends early"),
            std::string::npos)
      << result.output;
}

}  // namespace
}  // namespace ferry

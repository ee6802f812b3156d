// End to end: records lost, emptied or from an older run (docs/state.md, "Lost records"). Whatever happened
// to the records, a run leaves the Destinations exactly as a run with full records would (their trees
// compared), and its report says that records were rebuilt from the stores.
#include <gtest/gtest.h>

#include <tuple>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::write_file;

enum class Records { deleted, empty, older };
enum class Edit { removed, changed, unchanged };

void replace_in_file(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  text.replace(text.find(from), from.size(), to);
  write_file(file, text);
}

class LostRecordsE2E : public ferry::testing::PlatformFixture,
                       public ::testing::WithParamInterface<std::tuple<Records, Edit>> {
 protected:
  fs::path state() const { return platform() / ".ferry/state.git"; }
  std::string trees() const {
    return git(clusters(), "rev-parse main^{tree}") + " " + git(observability(), "rev-parse main^{tree}");
  }
  void edit(Edit edit) const {
    if (edit == Edit::removed) {
      fs::remove(platform() / "requests/cache-c.yaml");
    } else if (edit == Edit::changed) {
      replace_in_file(platform() / "requests/redis.yaml", "size: small", "size: large");
    }
  }
  // What the records become before the edited platform runs.
  void damage(Records records, const fs::path& older) const {
    fs::remove_all(state());
    if (records == Records::empty) {
      ASSERT_EQ(ferry::testing::run("git init -q --bare " + state().string()).exit_code, 0);
    }
    if (records == Records::older) fs::copy(older, state(), fs::copy_options::recursive);
  }
};

TEST_P(LostRecordsE2E, TheDestinationsEndAsARunWithFullRecordsLeavesThem) {
  const auto [records, change] = GetParam();
  ASSERT_EQ(reconcile(exec_runtime()).first, 0) << read_file(dir.path() / "stderr");
  const fs::path older = dir.path() / "older-state.git";
  fs::copy(state(), older, fs::copy_options::recursive);
  // A run the older records miss: it adds cache-c, which the edit "removed" then takes away.
  write_file(platform() / "requests/cache-c.yaml",
             "apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: cache-c\n"
             "  namespace: team-b\nspec:\n  size: small\n");
  ASSERT_EQ(reconcile(exec_runtime()).first, 0) << read_file(dir.path() / "stderr");

  // The reference: the same site with its full records.
  const ferry::testing::TempDir reference_dir;
  fs::copy(dir.path(), reference_dir.path(), fs::copy_options::recursive);
  edit(change);
  {
    const ferry::testing::TempDir keep;  // this site aside while the reference runs in its place
    fs::rename(dir.path(), keep.path() / "site");
    fs::rename(reference_dir.path(), dir.path());
    edit(change);
    ASSERT_EQ(reconcile(exec_runtime()).first, 0) << read_file(dir.path() / "stderr");
    const std::string full_records = trees();
    fs::rename(dir.path(), reference_dir.path());
    fs::rename(keep.path() / "site", dir.path());

    damage(records, older);
    auto [code, report] = reconcile(exec_runtime());
    EXPECT_EQ(code, 0) << report.dump(2) << read_file(dir.path() / "stderr");
    EXPECT_EQ(trees(), full_records) << report.dump(2);
    ASSERT_TRUE(report.contains("recovery")) << report.dump(2);
    EXPECT_NE(
        report["recovery"][0].get<std::string>().find("GitStateStore clusters read to rebuild lost records"),
        std::string::npos)
        << report.dump(2);
    if (change == Edit::removed) {
      EXPECT_EQ(results_by_name(report)["team-b/cache-c"], "deleted") << report.dump(2);
    }
  }
}

std::string matrix_name(const ::testing::TestParamInfo<std::tuple<Records, Edit>>& info) {
  static const char* const records[] = {"Deleted", "Empty", "Older"};
  static const char* const edits[] = {"Removed", "Changed", "Unchanged"};
  return std::string(records[static_cast<int>(std::get<0>(info.param))]) + "Records" +
         edits[static_cast<int>(std::get<1>(info.param))] + "Request";
}

INSTANTIATE_TEST_SUITE_P(Matrix, LostRecordsE2E,
                         ::testing::Combine(::testing::Values(Records::deleted, Records::empty,
                                                              Records::older),
                                            ::testing::Values(Edit::removed, Edit::changed, Edit::unchanged)),
                         matrix_name);

}  // namespace
}  // namespace ferry

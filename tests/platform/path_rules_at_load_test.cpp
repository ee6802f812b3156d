// validate/reconcile parity over the whole table of path and branch rules (issue 26): every store and
// Destination spec.path the writer would refuse, and every store spec.branch Git refuses, is refused when the
// platform loads (so `ferry validate` says it before any container starts), with the writer's own reason,
// naming the file, the object and the field.
#include <gtest/gtest.h>

#include <regex>

#include "platform/loader.h"
#include "tests/support/load_errors.h"
#include "tests/support/platform_texts.h"
#include "tests/support/test_support.h"
#include "writer/path_rules.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

// One of each refusal of writer/path_rules.cpp (path_problem and git_segment_problem), as YAML scalars.
struct BadPath {
  std::string yaml;       // the value as written in the document
  std::string path;       // what it reads as
  bool in_stores = true;  // false: a store's spec.path drops a leading '/', as Kratix does (§4.1)
};
const std::vector<BadPath> kBadPaths = {
    {"/abs", "/abs", false},
    {"a//b", "a//b"},
    {"./a", "./a"},
    {"a/..", "a/.."},
    {"a/.git/b", "a/.git/b"},
    {"\".GIT.\"", ".GIT."},
    {"\"a/.git \"", "a/.git "},
    {"\".g\\u200Cit\"", ".g\u200Cit"},
    {"\"\\uFEFF.git\"", "\uFEFF.git"},
    {"GIT~1", "GIT~1"},
    {".gitmodules", ".gitmodules"},
    {"GITMOD~1", "GITMOD~1"},
    {".GitAttributes", ".GitAttributes"},
    {"\"a\\0b\"", std::string("a\0b", 3)},
};

// Names Git's check-ref-format refuses as branches (checked below with git itself, not with ferry's rule).
const std::vector<std::string> kBadBranches = {"main.lock",  "a..b", "x~1", "\"a b\"",   "\"a:b\"",
                                               "^x",         "a/",   "/a",  "\"a@{1}\"", "a//b",
                                               "\"a\\\\b\"", "a.",   ".a"};

class PathRulesAtLoad : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "promises/redis.yaml", kPromise);
    write_file(dir.path() / "requests/cache.yaml", kRequest);
  }
  // The errors of the platform with `store_extra` appended to the store and `destination_path` as dev's path.
  std::vector<std::string> errors(const std::string& store_extra, const std::string& destination_path) {
    write_file(dir.path() / "stores.yaml", std::string(kStore) + store_extra);
    std::string destinations = kDestinations;
    destinations.replace(destinations.find("path: dev\n"), 10, "path: " + destination_path + "\n");
    write_file(dir.path() / "destinations.yml", destinations);
    return ferry::testing::load_errors(dir.path());
  }
  std::string at(const std::string& file) const { return (dir.path() / file).string() + ":1:1: "; }

  TempDir dir;
};

TEST_F(PathRulesAtLoad, EveryPathAWriteRefusesIsRefusedWithTheWritersReason) {
  for (const BadPath& bad : kBadPaths) {
    writer::Change change;
    change.bundles.push_back({bad.path, {{"a.yaml", "a: 1\n"}}});
    const Status written = writer::validate_change(change);
    ASSERT_FALSE(written) << bad.yaml << ": the writer takes it";
    std::vector<std::string> expected;
    if (bad.in_stores)
      expected.push_back(at("stores.yaml") +
                         "GitStateStore \"default\" spec.path: " + written.error().message);
    expected.push_back(at("destinations.yml") + "Destination \"dev\" spec.path: " + written.error().message);
    EXPECT_EQ(errors("  path: " + bad.yaml + "\n", bad.yaml), expected) << bad.yaml;
  }
}

TEST_F(PathRulesAtLoad, EveryBranchGitRefusesIsRefused) {
  for (const std::string& yaml : kBadBranches) {
    const std::string branch =
        yaml.front() == '"' ? std::regex_replace(yaml.substr(1, yaml.size() - 2), std::regex(R"(\\\\)"), "\\")
                            : yaml;
    const auto git =
        ferry::testing::run("git check-ref-format " + ferry::testing::shell_quote("refs/heads/" + branch));
    ASSERT_NE(git.exit_code, 0) << branch << ": git takes it";
    const auto problem = writer::branch_name_problem(branch);
    ASSERT_TRUE(problem) << branch;
    EXPECT_EQ(
        errors("  branch: " + yaml + "\n", "dev"),
        (std::vector<std::string>{at("stores.yaml") + "GitStateStore \"default\" spec.branch: " + *problem}))
        << branch;
  }
}

}  // namespace
}  // namespace ferry::runner

// `ferry validate` says what `ferry reconcile` would, before any container starts: for each bad platform of
// the table, validate and reconcile print the same diagnostic line (run/preflight.h and the loader are the
// one code both run). Errors stop reconcile before its runtime is called; warnings let it run.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "runner/reconcile_command.h"
#include "runner/validate_command.h"
#include "tests/support/platform_texts.h"
#include "tests/support/scheduling_texts.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

struct Captured {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `command` with std::cout and std::cerr captured (restored on return).
template <class Command>
Captured captured(Command command) {
  std::ostringstream out, err;
  std::streambuf* const old_out = std::cout.rdbuf(out.rdbuf());
  std::streambuf* const old_err = std::cerr.rdbuf(err.rdbuf());
  const int code = command();
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  return {code, out.str(), err.str()};
}

std::string policy(const std::string& spec_lines) {
  return "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: redis-policy}\n"
         "spec:\n  promises: [redis]\n" +
         spec_lines;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

// One bad platform: the valid one with `file` (relative) written as `text`, and the diagnostic both commands
// print for it, after "<platform>/<file>:<line>:<column>: ".
struct BadPlatform {
  std::string name;
  std::string file;
  std::string text;
  std::string diagnostic;  // "error: ..." or "warning: ..."
  std::string location = ":1:1";
};

// gtest names a failing case by this instead of its bytes.
void PrintTo(const BadPlatform& bad, std::ostream* out) {
  *out << bad.name;
}

std::vector<BadPlatform> bad_platforms() {
  return {
      {"missing external scheduler", "policy.yaml", policy("  schedulerName: nowhere\n"),
       "error: PlacementPolicy redis-policy: schedulerName \"nowhere\": schedulers/nowhere does not exist in "
       "the platform directory"},
      {"external scheduler not executable", "policy.yaml", policy("  schedulerName: tools/plain.sh\n"),
       "error: PlacementPolicy redis-policy: schedulerName \"tools/plain.sh\": tools/plain.sh is not "
       "executable (chmod +x it)"},
      {"external scheduler outside the platform", "policy.yaml", policy("  schedulerName: ../outside.sh\n"),
       "error: PlacementPolicy redis-policy: schedulerName \"../outside.sh\" must be a path inside the "
       "platform directory (no leading '/', no \"..\")"},
      {"Destination path Git reads as .git", "destinations.yml",
       replaced(kDestinations, "path: dev\n", "path: \"dev/.GIT.\"\n"),
       "error: Destination \"dev\" spec.path: invalid repository path \"dev/.GIT.\": \".GIT.\" is read as "
       "\".git\" by some filesystems (git fsck --strict: hasDotgit)"},
      {"store branch Git refuses", "stores.yaml", std::string(kStore) + "  branch: main.lock\n",
       "error: GitStateStore \"default\" spec.branch: \"main.lock\" is not a valid branch name (Git's "
       "ref-name rules: no \"..\", \"~\", \"^\", \":\", spaces, or a part ending in \".lock\")"},
      {"required Promise not in the platform", "promises/redis.yaml",
       replaced(kPromise, "spec:\n  api:", "spec:\n  requiredPromises: [{name: database}]\n  api:"),
       "warning: Promise \"redis\": requirements not installed: required Promise \"database\" is not in the "
       "platform"},
      {"locationSelectors that select no Location", "policy.yaml",
       policy("  locationSelectors: [{matchLabels: {cloud: azure}}]\n") + "---\n" + kAwsLocation,
       "warning: PlacementPolicy redis-policy: its requests stay Pending: no Location matches the "
       "locationSelectors"},
  };
}

class ValidateParityTest : public ::testing::TestWithParam<BadPlatform> {
 protected:
  void SetUp() override {
    ::unsetenv("GITHUB_ACTIONS");  // annotations would repeat each diagnostic
    write_file(root() / "stores.yaml", kStore);
    write_file(root() / "destinations.yml", kDestinations);
    write_file(root() / "promises/redis.yaml", kPromise);
    write_file(root() / "requests/cache.yaml", kRequest);
    write_file(root() / "tools/plain.sh", "#!/bin/sh\n");  // not executable
    const auto store = ferry::testing::run("git init -q --bare " +
                                           ferry::testing::shell_quote((root() / "state.git").string()));
    ASSERT_EQ(store.exit_code, 0) << store.output;
    // The runtime reconcile is given: any call of it leaves a trace.
    write_file(dir.path() / "podman", "#!/bin/sh\necho \"$@\" >> " + calls().string() + "\nexit 1\n");
    fs::permissions(dir.path() / "podman", fs::perms::owner_exec, fs::perm_options::add);
  }
  fs::path root() const { return dir.path() / "platform"; }
  fs::path calls() const { return dir.path() / "podman-calls"; }

  Captured validate() const {
    ValidateCommandOptions options;
    options.platform.dir = root().string();
    return captured([&] { return run_validate(options); });
  }
  Captured reconcile() const {
    ReconcileCommandOptions options;
    options.platform.dir = root().string();
    options.state.no_state = true;
    options.run.runtime = "podman";
    options.run.podman = (dir.path() / "podman").string();
    options.run.scratch_dir = dir.path().string();
    options.run.no_pipeline_cache = true;
    return captured([&] { return run_reconcile(options); });
  }

  TempDir dir;
};

TEST_F(ValidateParityTest, TheValidPlatformPassesBoth) {
  const Captured validated = validate();
  EXPECT_EQ(validated.exit_code, 0) << validated.out;
  EXPECT_EQ(validated.out.find("warning"), std::string::npos) << validated.out;
}

TEST_P(ValidateParityTest, ValidateAndReconcileSayTheSameBeforeAnyContainer) {
  const BadPlatform& bad = GetParam();
  write_file(root() / bad.file, bad.text);
  const std::string line = (root() / bad.file).string() + bad.location + ": " + bad.diagnostic + "\n";
  const bool is_error = bad.diagnostic.starts_with("error: ");

  const Captured validated = validate();
  EXPECT_EQ(validated.exit_code, is_error ? 1 : 0);
  EXPECT_NE(validated.out.find(line), std::string::npos) << "validate printed:\n" << validated.out;

  const Captured reconciled = reconcile();
  EXPECT_NE(reconciled.err.find(line), std::string::npos) << "reconcile printed:\n" << reconciled.err;
  if (is_error) {
    EXPECT_EQ(reconciled.exit_code, 1);
    EXPECT_EQ(reconciled.out, "");  // no report: nothing ran
    EXPECT_NE(reconciled.err.find("; nothing was run or written\n"), std::string::npos) << reconciled.err;
    EXPECT_FALSE(fs::exists(calls())) << "the runtime was called: " << ferry::testing::read_file(calls());
  }
}

INSTANTIATE_TEST_SUITE_P(EveryCheck, ValidateParityTest, ::testing::ValuesIn(bad_platforms()),
                         [](const ::testing::TestParamInfo<BadPlatform>& info) {
                           std::string name;
                           for (char c : info.param.name)
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace ferry::runner

// End to end: `ferry validate` and `ferry status` on a copy of fixtures/platform, and action.yml's ferry
// step run by bash as GitHub would run it (the set-up and build steps skipped: the binary is built).
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <regex>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

class CommandsE2E : public ferry::testing::PlatformFixture {
 protected:
  std::string p() const { return platform().string(); }
  // `ferry <args>`; its output is stdout only unless `merge_stderr`.
  static ferry::testing::FerryResult ferry_run(const FerryArgs& args, bool merge_stderr = false) {
    return run_ferry(args, {.merge_stderr = merge_stderr});
  }
  void break_a_destination() const {
    write_file(platform() / "destinations/broken.yaml",
               "apiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: x\nspec:\n  "
               "path: x\n");
  }
  // Timestamps and commit ids change with every run: "<time>" and "<sha>" instead.
  static std::string normalized(const std::string& text) {
    const std::string times =
        std::regex_replace(text, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"), "<time>");
    return std::regex_replace(times, std::regex("[0-9a-f]{40}"), "<sha>");
  }
};

TEST_F(CommandsE2E, ValidateCountsAValidPlatformAndWritesNothing) {
  const auto result = ferry_run({"validate", p()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.output,
            "ferry: " + p() + " is valid: 2 Promises, 4 requests, 3 Destinations, 2 state stores\n");
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "state"));
}

TEST_F(CommandsE2E, ValidateListsEachErrorAtItsFileLineAndColumn) {
  break_a_destination();
  const auto result = ferry_run({"validate", p()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output, p() +
                               "/destinations/broken.yaml:6:3: error: missing required field "
                               "\"spec.stateStoreRef\"\n"
                               "ferry: 1 error(s) in " +
                               p() + "\n");
}

TEST_F(CommandsE2E, ValidateAsJson) {
  EXPECT_EQ(nlohmann::json::parse(ferry_run({"validate", "-o", "json", p()}).output),
            nlohmann::json::parse(R"({"format_version": 1, "valid": true, "errors": [], "warnings": []})"));
  break_a_destination();
  const auto result = ferry_run({"validate", "--output", "json", p()});
  EXPECT_EQ(result.exit_code, 1);
  const nlohmann::json expected = {{"format_version", 1},
                                   {"valid", false},
                                   {"errors",
                                    {{{"file", p() + "/destinations/broken.yaml"},
                                      {"line", 6},
                                      {"column", 3},
                                      {"message", "missing required field \"spec.stateStoreRef\""}}}},
                                   {"warnings", nlohmann::json::array()}};
  EXPECT_EQ(nlohmann::json::parse(result.output), expected) << result.output;
}

TEST_F(CommandsE2E, ValidateAnnotatesUnderGitHubActionsAndRefusesABadCommandLine) {
  break_a_destination();
  const auto result =
      run_ferry({"validate", p()}, {.env = {{"GITHUB_ACTIONS", "true"}}, .merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("::error file=" + p() +
                               "/destinations/broken.yaml,line=6,col=3::missing "
                               "required field \"spec.stateStoreRef\"\n"),
            std::string::npos)
      << result.output;
  EXPECT_EQ(ferry_run({"validate", "--output", "xml", p()}, true).exit_code, 2);
}

TEST_F(CommandsE2E, StatusBeforeAnyRunSaysNoRunHasRecordedState) {
  const auto result = ferry_run({"status", p()}, true);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output, "error: no run has recorded state at " + p() +
                               "/.ferry/state.git yet; run ferry reconcile first, or name the state with "
                               "--state DIR\n");
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
}

TEST_F(CommandsE2E, StatusAfterAReconcileListsEveryObject) {
  ASSERT_EQ(reconcile().first, 0);
  const auto result = ferry_run({"status", p()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(
      normalized(result.output),
      "unchanged  Promise app  last run <time>\n"
      "succeeded  Promise redis  last run <time>  on worker-dev\n"
      "succeeded  default/shop (App, Promise app)  last run <time>  on monitoring, worker-prod  status: "
      "Resource requested\n"
      "succeeded  team-b/blog (App, Promise app)  last run <time>  on monitoring, worker-prod  status: "
      "Resource requested\n"
      "succeeded  default/cache-a (redis, Promise redis)  last run <time>  on worker-dev  status: redis "
      "cache-a is small\n"
      "succeeded  team-b/cache-b (redis, Promise redis)  last run <time>  on worker-dev  status: redis "
      "cache-b is large\n"
      "2 Promises: 1 succeeded, 1 unchanged\n"
      "4 requests: 4 succeeded\n");
}

TEST_F(CommandsE2E, StatusOfOneRequestShowsItsWholeRecord) {
  ASSERT_EQ(reconcile().first, 0);
  const auto result = ferry_run({"status", p(), "default/cache-a"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(normalized(result.output),
            "default/cache-a (redis, Promise redis)\n"
            "  result: succeeded\n"
            "  last run: <time>\n"
            "  status: redis cache-a is small\n"
            "  placed instance-configure group . on worker-dev at "
            "worker-dev/resources/default/redis/cache-a/instance-configure/5058f\n"
            "  committed <sha> to clusters@main\n");
}

TEST_F(CommandsE2E, StatusAsJsonHoldsTheRecords) {
  ASSERT_EQ(reconcile().first, 0);
  const auto all = nlohmann::json::parse(ferry_run({"status", "-o", "json", p()}).output);
  EXPECT_EQ(all["format_version"], 1);
  ASSERT_EQ(all["promises"].size(), 2u) << all.dump(2);
  ASSERT_EQ(all["requests"].size(), 4u) << all.dump(2);
  EXPECT_EQ(all["requests"][0]["name"], "shop");
  const auto one = nlohmann::json::parse(ferry_run({"status", "-o", "json", p(), "team-b/cache-b"}).output);
  ASSERT_EQ(one["requests"].size(), 1u) << one.dump(2);
  EXPECT_EQ(one["promises"].size(), 0u);
  EXPECT_EQ(one["requests"][0]["result"], "succeeded");
  EXPECT_EQ(one["requests"][0]["placements"][0]["destination"], "worker-dev");
}

TEST_F(CommandsE2E, StatusOfAnUnknownRequestIsAnError) {
  ASSERT_EQ(reconcile().first, 0);
  const auto result = ferry_run({"status", p(), "default/nope"}, true);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output,
            "error: no request \"default/nope\" in the state recorded at " + p() +
                "/.ferry/state.git; ferry status without a name lists every recorded object\n");
}

TEST_F(CommandsE2E, StatusReadsTheStateWhileAReconcileHoldsItsLock) {
  const std::string state = (dir.path() / "elsewhere/state.git").string();
  ASSERT_EQ(reconcile({"--state", state}).first, 0);
  // The test holds the lock as a running reconcile would.
  const ferry::testing::HeldLock lock(state + ".lock");
  const auto result = ferry_run({"status", p(), "--state", state}, true);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("4 requests: 4 succeeded\n"), std::string::npos) << result.output;
}

// action.yml's step with id "ferry": its `run` script and its `env` with the inputs' expressions evaluated.
struct ActionStep {
  std::string script;
  std::map<std::string, std::string> env;
};

ActionStep ferry_step_of_action(const std::map<std::string, std::string>& inputs,
                                const std::string& action_path) {
  const YAML::Node action = YAML::LoadFile(std::string(FERRY_SOURCE_DIR) + "/action.yml");
  for (const YAML::Node& step : action["runs"]["steps"]) {
    if (step["id"].as<std::string>("") != "ferry") continue;
    ActionStep found{step["run"].as<std::string>(), {}};
    for (const auto& variable : step["env"]) {
      std::string value = variable.second.as<std::string>();
      const std::smatch input = [&] {
        std::smatch m;
        std::regex_match(value, m, std::regex(R"(\$\{\{ inputs\.([a-z-]+) \}\})"));
        return m;
      }();
      if (value == "${{ github.action_path }}") {
        value = action_path;
      } else if (value == "${{ github.token }}") {
        value = "";  // no job token here: the test repositories need none
      } else if (!input.empty()) {
        const std::string name = input[1];
        value = inputs.contains(name) ? inputs.at(name) : action["inputs"][name]["default"].as<std::string>();
      }
      found.env[variable.first.as<std::string>()] = value;
    }
    return found;
  }
  ADD_FAILURE() << "action.yml has no step with id ferry";
  return {};
}

// Runs action.yml's ferry step with `inputs` as GitHub would: the action's checkout (whose build/ is the
// tests' build directory) and a workspace under the test's directory; outputs and summary land beside them.
// Not through run_ferry: what runs is the step's bash script, which finds the binary in the action's build/.
ferry::testing::CommandResult run_ferry_step(const std::filesystem::path& dir,
                                             const std::map<std::string, std::string>& inputs) {
  const auto action_path = dir / "action";
  if (!std::filesystem::exists(action_path)) {
    std::filesystem::create_directories(action_path);
    std::filesystem::create_directory_symlink(FERRY_BINARY_DIR, action_path / "build");
  }
  const auto workspace = dir / "workspace";
  std::filesystem::create_directories(workspace);
  const ActionStep step = ferry_step_of_action(inputs, action_path.string());
  EXPECT_FALSE(step.script.empty());
  EXPECT_EQ(step.script.find("${{"), std::string::npos) << "inputs are spliced into the script:\n"
                                                        << step.script;
  write_file(dir / "step.sh", step.script);
  std::string command = "cd " + shell_quote(workspace.string()) +
                        " && env GITHUB_ACTIONS=true GITHUB_WORKSPACE=" + shell_quote(workspace.string()) +
                        " GITHUB_OUTPUT=" + shell_quote((dir / "outputs").string()) +
                        " GITHUB_STEP_SUMMARY=" + shell_quote((dir / "summary.md").string());
  for (const auto& [name, value] : step.env) command += " " + name + "=" + shell_quote(value);
  // GitHub runs `shell: bash` steps as `bash --noprofile --norc -eo pipefail {0}`.
  return run(command + " bash --noprofile --norc -eo pipefail " + shell_quote((dir / "step.sh").string()) +
             " 2>&1");
}

TEST_F(CommandsE2E, TheActionsFerryStepReconcilesAndSetsTheOutputs) {
  const auto result = run_ferry_step(
      dir.path(), {{"platform", p()}, {"args", "--jobs 2"}, {"state", ".ferry-state/state.git"}});
  EXPECT_EQ(result.exit_code, 0) << result.output;
  const std::string outputs = read_file(dir.path() / "outputs");
  EXPECT_NE(outputs.find("changed=true\ncommits=7\n"), std::string::npos) << outputs;
  EXPECT_NE(outputs.find("\nprocess-exit-code=0\n"), std::string::npos) << outputs;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "workspace/.ferry-state/state.git")) << result.output;
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
}

// A pull request's plan: the diff in the job summary, `changed` set, nothing written (no state either).
TEST_F(CommandsE2E, TheActionsFerryStepPlansWithADiffInTheSummary) {
  const auto result = run_ferry_step(
      dir.path(), {{"command", "plan"}, {"platform", p()}, {"state", ".ferry-state/state.git"}});
  EXPECT_EQ(result.exit_code, 0) << result.output;
  const std::string outputs = read_file(dir.path() / "outputs");
  EXPECT_NE(outputs.find("changed=true\nexit-code=0\nprocess-exit-code=0\n"), std::string::npos) << outputs;
  const std::string summary = read_file(dir.path() / "summary.md");
  EXPECT_EQ(summary.rfind("## ferry plan\n\n7 file(s) to add, 0 to change, 0 to delete.\n", 0), 0u)
      << summary;
  EXPECT_NE(summary.find("### worker-dev (clusters, main)\n\n```diff\n--- /dev/null\n"), std::string::npos)
      << summary;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "workspace/.ferry-state"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "state"));
}

// docs/github-action.md, "A workflow", as fresh runners run it: each job a new clone of the platform
// repository (here over file://, through ferry's remote store), no cache. The default `state: remote` keeps
// the records on the repository's ferry-state branch, so the second run skips everything, a pull request's
// plan shows a deletion, and the third run deletes.
TEST_F(CommandsE2E, FreshRunnersKeepTheRecordsOnTheRepositorysFerryStateBranch) {
  const std::filesystem::path origin = dir.path() / "origin.git";
  const std::filesystem::path seed = dir.path() / "seed";
  std::filesystem::create_directories(seed);
  std::filesystem::copy(platform(), seed / "platform", std::filesystem::copy_options::recursive);
  std::string stores = read_file(seed / "platform/state-stores.yaml");
  for (const char* store : {"clusters", "observability"}) {
    const std::string relative = std::string("../state/") + store + ".git";
    stores.replace(stores.find(relative), relative.size(),
                   (dir.path() / "state" / (std::string(store) + ".git")).string());
  }
  write_file(seed / "platform/state-stores.yaml", stores);
  ASSERT_EQ(run("git init -q --bare -b main " + shell_quote(origin.string()) + " && cd " +
                shell_quote(seed.string()) +
                " && git init -q -b main && git add -A && git commit -qm platform && git push -q " +
                shell_quote(origin.string()) + " main")
                .exit_code,
            0);
  // One job: a fresh runner directory, a fresh clone of main as its workspace, the step with `inputs`.
  int job = 0;
  const auto run_job = [&](const std::map<std::string, std::string>& inputs) {
    const std::filesystem::path runner = dir.path() / ("runner-" + std::to_string(++job));
    const auto cloned =
        run("git clone -q file://" + origin.string() + " " + shell_quote((runner / "workspace").string()));
    EXPECT_EQ(cloned.exit_code, 0) << cloned.output;
    auto with_platform = inputs;
    with_platform["platform"] = "platform";
    with_platform["runtime"] = "exec";
    with_platform["args"] =
        "--exec-config " + exec_config() + (inputs.contains("args") ? " " + inputs.at("args") : "");
    return run_ferry_step(runner, with_platform);
  };
  const auto first = run_job({});
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("4 requests: 4 succeeded"), std::string::npos) << first.output;
  EXPECT_EQ(git(origin, "ls-tree --name-only ferry-state"), "promises\nrequests\nstores");

  const auto second = run_job({});
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_NE(second.output.find("4 requests: 4 skipped"), std::string::npos) << second.output;

  // A pull request removing cache-b: its plan (read-only) shows the deletion.
  ASSERT_EQ(run("cd " + shell_quote(seed.string()) + " && git checkout -q -b pr && " +
                "sed -i '/^---$/,$d' platform/requests/redis.yaml && git commit -qam 'remove cache-b' && git "
                "push -q " +
                shell_quote(origin.string()) + " pr")
                .exit_code,
            0);
  const std::string state_before = git(origin, "rev-parse ferry-state");
  const std::filesystem::path pr_runner = dir.path() / "runner-pr";
  ASSERT_EQ(run("git clone -q -b pr file://" + origin.string() + " " +
                shell_quote((pr_runner / "workspace").string()))
                .exit_code,
            0);
  const auto plan = run_ferry_step(pr_runner, {{"command", "plan"},
                                               {"platform", "platform"},
                                               {"runtime", "exec"},
                                               {"args", "--exec-config " + exec_config()}});
  EXPECT_EQ(plan.exit_code, 0) << plan.output;
  EXPECT_NE(plan.output.find("redis team-b/cache-b: would be deleted"), std::string::npos) << plan.output;
  EXPECT_EQ(git(origin, "rev-parse ferry-state"), state_before);

  ASSERT_EQ(
      run("cd " + shell_quote(seed.string()) + " && git checkout -q main && git merge -q pr && git push -q " +
          shell_quote(origin.string()) + " main")
          .exit_code,
      0);
  const auto third = run_job({});
  ASSERT_EQ(third.exit_code, 0) << third.output;
  EXPECT_NE(third.output.find("deleted  team-b/cache-b"), std::string::npos) << third.output;
  EXPECT_EQ(git(dir.path() / "state/clusters.git", "ls-tree -r --name-only main worker-dev/resources/team-b"),
            "");
}
}  // namespace
}  // namespace ferry

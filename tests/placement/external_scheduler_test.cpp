// External schedulers as real /bin/sh scripts in a temporary platform directory.
#include "placement/external_scheduler.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <csignal>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "runtime/interrupt.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

// A request with two groups: the default one (one Destination) and "monitoring/" (up to two).
SchedulerInput two_groups() {
  SchedulerInput input;
  input.policy = "by-cost";
  input.request = {"example.com/v1",
                   "Redis",
                   "cache",
                   "team-a",
                   "redis",
                   "apiVersion: example.com/v1\nkind: Redis\nmetadata: {name: cache, namespace: team-a}\n"
                   "spec: {size: 3, tls: true, zone: '42', owner: null, tags: [a, 'true']}\n"};
  input.groups = {{"instance-configure/default",
                   "instance-configure",
                   "",
                   {{"env", "dev"}},
                   {"dev-1", "dev-2"},
                   {"dev-1"},
                   1},
                  {"instance-configure/monitoring",
                   "instance-configure",
                   "monitoring",
                   {{"role", "monitoring"}},
                   {"mon-1", "mon-2"},
                   {},
                   2}};
  input.destinations = {{"dev-1", {{"env", "dev"}}, {{"cost", 0.25}}},
                        {"dev-2", {{"env", "dev"}}, {}},
                        {"mon-1", {{"role", "monitoring"}}, {{"cost", 1}}},
                        {"mon-2", {{"role", "monitoring"}}, {{"cost", 0}}}};
  return input;
}

// Writes an executable /bin/sh script to <dir>/schedulers/<name>.
fs::path write_script(const fs::path& dir, const std::string& name, const std::string& body) {
  const fs::path path = dir / "schedulers" / name;
  testing::write_file(path, "#!/bin/sh\n" + body);
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

const char* kGoodAnswer =
    R"({"format_version": 1, "placements": {"instance-configure/default": ["dev-2"],
        "instance-configure/monitoring": ["mon-2", "mon-1"]}})";

TEST(ExternalScheduler, SendsTheRequestGroupsAndCandidatesAndReadsTheChoices) {
  testing::TempDir platform;
  const fs::path script = write_script(
      platform.path(), "by-cost", "cat > seen.json\ncat <<'EOF'\n" + std::string(kGoodAnswer) + "\nEOF\n");
  auto output = run_external_scheduler(script, two_groups(), platform.path(), 5s);
  ASSERT_TRUE(output.ok()) << output.error().render();
  EXPECT_EQ(output->placements, (std::map<std::string, std::vector<std::string>>{
                                    {"instance-configure/default", {"dev-2"}},
                                    {"instance-configure/monitoring", {"mon-2", "mon-1"}}}));

  // What the script read, run in the platform directory.
  const auto seen = nlohmann::json::parse(testing::read_file(platform.path() / "seen.json"));
  EXPECT_EQ(seen["format_version"], 1);
  EXPECT_EQ(seen["policy"], "by-cost");
  EXPECT_EQ(seen["request"]["namespace"], "team-a");
  EXPECT_EQ(seen["request"]["promise"], "redis");
  EXPECT_EQ(seen["request"]["object"]["spec"],
            nlohmann::json::parse(
                R"({"size": 3, "tls": true, "zone": "42", "owner": null, "tags": ["a", "true"]})"));
  EXPECT_EQ(seen["groups"][0], nlohmann::json::parse(R"({"key": "instance-configure/default",
      "pipeline": "instance-configure", "directory": "", "selector": {"env": "dev"},
      "candidates": ["dev-1", "dev-2"], "current": ["dev-1"], "count": 1})"));
  EXPECT_EQ(
      seen["destinations"][0],
      nlohmann::json::parse(R"({"name": "dev-1", "labels": {"env": "dev"}, "metrics": {"cost": 0.25}})"));
  EXPECT_EQ(seen["destinations"].size(), 4u);
}

struct AnswerCase {
  const char* what;
  std::string stdout_text;
  std::string error;  // after "external scheduler <path> "
};
void PrintTo(const AnswerCase& c, std::ostream* out) {
  *out << c.what;
}  // stable test names in ctest

class BadAnswers : public ::testing::TestWithParam<AnswerCase> {};

TEST_P(BadAnswers, AreErrorsNamingTheScheduler) {
  testing::TempDir platform;
  const fs::path script = write_script(platform.path(), "s",
                                       "cat > /dev/null\ncat <<'EOF'\n" + GetParam().stdout_text + "\nEOF\n");
  auto output = run_external_scheduler(script, two_groups(), platform.path(), 5s);
  ASSERT_FALSE(output.ok());
  EXPECT_EQ(output.error().render(), "external scheduler " + script.string() + " " + GetParam().error);
}

const std::string kMonitoring = R"("instance-configure/monitoring": ["mon-1"])";

INSTANTIATE_TEST_SUITE_P(
    Table, BadAnswers,
    ::testing::Values(
        AnswerCase{"Nothing", "", "answered nothing on stdout"},
        AnswerCase{
            "InvalidJson", R"({"placements": )",
            "answered invalid JSON: parse error at line 2, column 1: syntax error while parsing value - "
            "unexpected end of input; expected '[', '{', or a literal"},
        AnswerCase{"NotAnObject", "[1]", "the answer must be a JSON object, found [1]"},
        AnswerCase{"WrongVersion", R"({"format_version": 2, "placements": {}})",
                   "answered format_version 2; ferry speaks 1"},
        AnswerCase{"NoPlacements", R"({"choices": {}})", "the answer has no \"placements\" object"},
        AnswerCase{"MissingGroup", "{\"placements\": {" + kMonitoring + "}}",
                   "answered no placement for group \"instance-configure/default\""},
        AnswerCase{"UnknownGroup", "{\"placements\": {\"x/y\": [\"dev-1\"], " + kMonitoring + "}}",
                   "answered a placement for unknown group \"x/y\""},
        AnswerCase{
            "OutsideCandidates",
            "{\"placements\": {\"instance-configure/default\": [\"mon-1\"], " + kMonitoring + "}}",
            "chose \"mon-1\" for group \"instance-configure/default\", which is not one of its candidates "
            "(dev-1, dev-2)"},
        AnswerCase{
            "UnknownDestination",
            "{\"placements\": {\"instance-configure/default\": [\"prod-9\"], " + kMonitoring + "}}",
            "chose \"prod-9\" for group \"instance-configure/default\", which is not one of its candidates "
            "(dev-1, dev-2)"},
        AnswerCase{
            "TooMany",
            "{\"placements\": {\"instance-configure/default\": [\"dev-1\", \"dev-2\"], " + kMonitoring + "}}",
            "chose 2 Destinations for group \"instance-configure/default\", which takes at most 1"},
        AnswerCase{"Twice", R"({"placements": {"instance-configure/monitoring": ["mon-1", "mon-1"]}})",
                   "chose \"mon-1\" twice for group \"instance-configure/monitoring\""},
        AnswerCase{"Empty", R"({"placements": {"instance-configure/monitoring": []}})",
                   "chose no Destination for group \"instance-configure/monitoring\""},
        AnswerCase{"NotAList", R"({"placements": {"instance-configure/monitoring": "mon-1"}})",
                   "placements[\"instance-configure/monitoring\"] must be a list of Destination names, found "
                   "\"mon-1\""}),
    [](const auto& info) { return std::string(info.param.what); });

TEST(ExternalScheduler, ANonZeroExitGivesTheLastTenLinesOfStderr) {
  testing::TempDir platform;
  const fs::path script = write_script(platform.path(), "s",
                                       "for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo \"line $i\" >&2; done\n"
                                       "echo '{\"placements\": {}}'\nexit 3\n");
  auto output = run_external_scheduler(script, two_groups(), platform.path(), 5s);
  ASSERT_FALSE(output.ok());
  EXPECT_EQ(output.error().render(),
            "external scheduler " + script.string() +
                " exited with status 3: line 3 | line 4 | line 5 | line 6 | line 7 | "
                "line 8 | line 9 | line 10 | line 11 | line 12");
  auto silent = run_external_scheduler(write_script(platform.path(), "t", "exit 1\n"), two_groups(),
                                       platform.path(), 5s);
  EXPECT_EQ(silent.error().message, "external scheduler " + (platform.path() / "schedulers/t").string() +
                                        " exited with status 1: (stderr is empty)");
}

TEST(ExternalScheduler, ASignalIsNamed) {
  testing::TempDir platform;
  const fs::path script = write_script(platform.path(), "s", "kill -KILL $$\n");
  auto output = run_external_scheduler(script, two_groups(), platform.path(), 5s);
  ASSERT_FALSE(output.ok());
  EXPECT_EQ(output.error().render(), "external scheduler " + script.string() + " was killed by signal 9");
}

bool process_gone(const std::string& pid) {
  std::ifstream stat("/proc/" + pid + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const std::size_t paren = line.rfind(')');
  return paren != std::string::npos && line.substr(paren + 2, 1) == "Z";  // a zombie is dead too
}

// The script and the sleep it started are both killed: the whole process group goes.
TEST(ExternalScheduler, ATimeoutKillsTheSchedulerAndItsChildren) {
  testing::TempDir platform;
  const fs::path script = write_script(platform.path(), "slow", "sleep 30 &\necho $! > sleep.pid\nwait\n");
  const auto start = std::chrono::steady_clock::now();
  auto output = run_external_scheduler(script, two_groups(), platform.path(), 300ms);
  const auto took = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(output.ok());
  EXPECT_EQ(output.error().render(),
            "external scheduler " + script.string() + " did not answer within 300 ms and was killed");
  EXPECT_LT(took, 5s);
  const std::string pid = testing::read_file(platform.path() / "sleep.pid");
  ASSERT_FALSE(pid.empty());
  for (int i = 0; i < 100 && !process_gone(pid.substr(0, pid.find('\n'))); ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(process_gone(pid.substr(0, pid.find('\n')))) << "sleep " << pid << " outlived the timeout";
}

// Ctrl-C (or SIGTERM) stops a scheduler long before its timeout, its children with it.
TEST(ExternalScheduler, AnInterruptStopsTheSchedulerAndItsChildrenPromptly) {
  testing::TempDir platform;
  const fs::path script = write_script(platform.path(), "stuck", "sleep 60 &\necho $! > sleep.pid\nwait\n");
  const fs::path pid_file = platform.path() / "sleep.pid";
  std::thread signal([&] {  // once the scheduler runs (or after five seconds)
    for (int i = 0; i < 250 && testing::read_file(pid_file).empty(); ++i) std::this_thread::sleep_for(20ms);
    runtime::interrupt_for_testing(SIGINT);
  });
  const auto start = std::chrono::steady_clock::now();
  auto output = run_external_scheduler(script, two_groups(), platform.path(), 60s);
  const auto took = std::chrono::steady_clock::now() - start;
  signal.join();
  runtime::reset_interrupt_for_testing();
  ASSERT_FALSE(output.ok());
  EXPECT_EQ(output.error().render(),
            "external scheduler " + script.string() + " was stopped: ferry was interrupted");
  EXPECT_LT(took, 15s);
  const std::string pid = testing::read_file(pid_file);
  ASSERT_FALSE(pid.empty());
  for (int i = 0; i < 100 && !process_gone(pid.substr(0, pid.find('\n'))); ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(process_gone(pid.substr(0, pid.find('\n')))) << "sleep " << pid << " outlived the interrupt";
}

TEST(ExternalScheduler, AMissingExecutableCannotStart) {
  testing::TempDir platform;
  auto output = run_external_scheduler(platform.path() / "nope", two_groups(), platform.path(), 5s);
  ASSERT_FALSE(output.ok());
  EXPECT_EQ(output.error().render(), "external scheduler " + (platform.path() / "nope").string() +
                                         " cannot start: No such file or directory");
}

TEST(ResolveScheduler, APlainNameIsInSchedulersAPathIsRelativeToTheRoot) {
  testing::TempDir platform;
  write_script(platform.path(), "spread", "exit 0\n");
  testing::write_file(platform.path() / "tools/pick.sh", "#!/bin/sh\n");
  fs::permissions(platform.path() / "tools/pick.sh", fs::perms::owner_all);
  auto plain = resolve_scheduler("spread", platform.path());
  ASSERT_TRUE(plain.ok()) << plain.error().render();
  EXPECT_EQ(*plain, platform.path() / "schedulers/spread");
  auto path = resolve_scheduler("tools/pick.sh", platform.path());
  ASSERT_TRUE(path.ok()) << path.error().render();
  EXPECT_EQ(*path, platform.path() / "tools/pick.sh");
  EXPECT_TRUE(path->is_absolute());
}

TEST(ResolveScheduler, RefusesWhatItCannotRun) {
  testing::TempDir platform;
  testing::write_file(platform.path() / "schedulers/plain-file", "#!/bin/sh\n");
  fs::permissions(platform.path() / "schedulers/plain-file", fs::perms::owner_read | fs::perms::owner_write);
  fs::create_directories(platform.path() / "schedulers/dir");
  const std::pair<const char*, const char*> table[] = {
      {"", "schedulerName is empty"},
      {"/usr/bin/true",
       "schedulerName \"/usr/bin/true\" must be a path inside the platform directory (no leading "
       "'/', no \"..\")"},
      {"../outside.sh",
       "schedulerName \"../outside.sh\" must be a path inside the platform directory (no leading "
       "'/', no \"..\")"},
      {"..", "schedulerName \"..\" must be a path inside the platform directory (no leading '/', no \"..\")"},
      {"missing", "schedulerName \"missing\": schedulers/missing does not exist in the platform directory"},
      {"tools/missing.sh",
       "schedulerName \"tools/missing.sh\": tools/missing.sh does not exist in the platform "
       "directory"},
      {"dir", "schedulerName \"dir\": schedulers/dir is not a file"},
      {"plain-file", "schedulerName \"plain-file\": schedulers/plain-file is not executable (chmod +x it)"},
  };
  for (const auto& [name, error] : table) {
    auto resolved = resolve_scheduler(name, platform.path());
    ASSERT_FALSE(resolved.ok()) << name;
    EXPECT_EQ(resolved.error().render(), error);
  }
}

}  // namespace
}  // namespace ferry::runner

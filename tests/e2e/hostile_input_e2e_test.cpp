// End to end: a catalogue of malformed and hostile inputs (issue 8). Each row mutates a fresh copy of
// fixtures/platform after a good reconcile (--runtime exec) created the destination repositories and the
// state, runs `ferry reconcile` again, and pins the exit code and the whole stderr; the tips of both
// destination repositories and of the state ref must be unchanged. Pipeline rows map the redis image to a
// hostile script of the row and change cache-a so that only it runs.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "tests/e2e/hostile_input.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::TempDir;
using ferry::testing::write_file;

std::string fixture_exec_config() {
  return (fs::path(FERRY_SOURCE_DIR) / "fixtures/exec/ferry-exec.yaml").string();
}

void replace_once(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from << " not in " << file;
  text.replace(at, from.size(), to);
  write_file(file, text);
}

// What a row does to the platform at P (the platform directory) and D (its temporary directory).
using Mutation = std::function<void(const fs::path& platform, const fs::path& dir)>;

struct Row {
  std::string name;
  Mutation mutate;
  std::string script = "";  // non-empty: the redis pipeline runs this shell script instead
};

// Rows ferry does not refuse yet (or refuses badly): skipped with the reason, not counted.
const std::map<std::string, std::string>& known_bugs() {
  static const std::map<std::string, std::string> bugs = {};
  return bugs;
}

// A new file in requests/.
Mutation request_file(const std::string& text) {
  return [text](const fs::path& p, const fs::path&) { write_file(p / "requests/hostile.yaml", text); };
}
Mutation replace_in(const std::string& file, const std::string& from, const std::string& to) {
  return [=](const fs::path& p, const fs::path&) { replace_once(p / file, from, to); };
}
std::string redis_request(const std::string& metadata, const std::string& spec) {
  return "apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n" + metadata + "spec:\n" + spec;
}

std::vector<Row> rows() {
  const std::string ns = "  namespace: default\n";
  std::vector<Row> r;
  // Broken YAML.
  r.push_back({"UnclosedQuote", request_file(redis_request("  name: q\n" + ns, "  size: \"small\n"))});
  r.push_back({"UnclosedBracket", request_file(redis_request("  name: q\n" + ns, "  size: [small\n"))});
  r.push_back({"UnclosedBrace", request_file("apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\n"
                                             "metadata: {name: q, namespace: default\nspec: {}\n")});
  r.push_back({"TabIndentation", request_file(redis_request("\tname: q\n" + ns, "  size: small\n"))});
  r.push_back({"UndefinedAlias", request_file(redis_request("  name: *nope\n" + ns, "  size: small\n"))});
  r.push_back({"BadAnchor", request_file(redis_request("  name: &\n" + ns, "  size: small\n"))});
  r.push_back({"NotYamlAtAll", request_file("\x01\x02\x03: [}\n")});
  // Wrong types.
  r.push_back({"SpecIsAList", request_file(redis_request("  name: q\n" + ns, "  - small\n"))});
  r.push_back({"NameIsAMap", request_file(redis_request("  name: {a: b}\n" + ns, "  size: small\n"))});
  r.push_back({"MetadataIsAString", request_file("apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\n"
                                                 "metadata: cache\nspec:\n  size: small\n")});
  r.push_back({"DocumentIsAList", request_file("- a\n- b\n")});
  r.push_back({"DestinationLabelsAreAList",
               replace_in("destinations/monitoring.yaml", "    role: monitoring\n", "    - monitoring\n")});
  r.push_back({"ContainersAreAMap",
               replace_in("promises/redis.yaml", "              - name: generate\n                image:",
                          "              generate:\n                image:")});
  r.push_back({"StateStoreBranchIsAList", replace_in("state-stores.yaml", "branch: main", "branch: [main]")});
  // Huge and deep documents.
  r.push_back({"HugeString", request_file(redis_request("  name: q\n" + ns,
                                                        "  size: " + std::string(20 << 20, 'x') + "\n"))});
  r.push_back({"DeepListNesting",
               request_file(redis_request("  name: q\n" + ns, "  size: " + std::string(10000, '[') +
                                                                  std::string(10000, ']') + "\n"))});
  {
    std::string deep;
    for (int i = 0; i < 10000; ++i) deep += "{a: ";
    deep += "b" + std::string(10000, '}');
    r.push_back(
        {"DeepMapNesting", request_file(redis_request("  name: q\n" + ns, "  size: " + deep + "\n"))});
  }
  {
    std::string deep = "  size:\n";
    for (int i = 0; i < 3000; ++i) deep += std::string(2 * i + 4, ' ') + "-\n";
    r.push_back({"DeepBlockNesting", request_file(redis_request("  name: q\n" + ns, deep))});
  }
  // Duplicate keys.
  r.push_back({"DuplicateKeyInMetadata",
               request_file(redis_request("  name: q\n  name: r\n" + ns, "  size: small\n"))});
  r.push_back({"DuplicateKeyInDestination", replace_in("destinations/monitoring.yaml", "  path: monitoring\n",
                                                       "  path: monitoring\n  path: other\n")});
  r.push_back({"DuplicateRequest", request_file(redis_request("  name: cache-a\n" + ns, "  size: small\n"))});
  // Missing required fields.
  r.push_back({"RequestWithoutName", request_file(redis_request(ns, "  size: small\n"))});
  r.push_back({"DestinationWithoutStateStoreRef",
               replace_in("destinations/monitoring.yaml",
                          "  stateStoreRef:\n    kind: GitStateStore\n    name: observability\n", "")});
  r.push_back(
      {"StateStoreWithoutUrl", replace_in("state-stores.yaml", "  url: ../state/observability.git\n", "")});
  r.push_back({"PipelineWithoutImage",
               replace_in("promises/redis.yaml",
                          "                image: localhost/ferry-fixtures/redis-configure:dev\n", "")});
  r.push_back({"RequestWithoutKind",
               request_file("apiVersion: marketplace.kratix.io/v1alpha1\nmetadata:\n  name: q\n" + ns +
                            "spec:\n  size: small\n")});
  // Unknown apiVersion or kind.
  r.push_back(
      {"UnknownKind", request_file("apiVersion: marketplace.kratix.io/v1alpha1\nkind: Memcached\nmetadata:\n"
                                   "  name: q\n" +
                                   ns + "spec: {}\n")});
  r.push_back({"UnknownVersion", request_file("apiVersion: marketplace.kratix.io/v9\nkind: redis\nmetadata:\n"
                                              "  name: q\n" +
                                              ns + "spec: {}\n")});
  r.push_back({"UnknownPlatformKind",
               replace_in("destinations/monitoring.yaml", "kind: Destination", "kind: Destinaton")});
  r.push_back({"LowerCasePromiseKind", replace_in("promises/redis.yaml", "kind: Promise", "kind: promise")});
  r.push_back(
      {"MisspeltRequestKind",
       request_file("apiVersion: marketplace.kratix.io/v1alpha1\nkind: Redis\nmetadata:\n  name: q\n" + ns +
                    "spec: {}\n")});
  // Names and labels that break the Kubernetes rules.
  r.push_back({"UppercaseName", request_file(redis_request("  name: Cache\n" + ns, "  size: small\n"))});
  r.push_back({"NameLongerThan253", request_file(redis_request("  name: " + std::string(254, 'a') + "\n" + ns,
                                                               "  size: small\n"))});
  r.push_back(
      {"RequestNameLongerThan63",
       request_file(redis_request("  name: " + std::string(64, 'a') + "\n" + ns, "  size: small\n"))});
  r.push_back({"NamespaceLongerThan63",
               request_file(redis_request("  name: q\n  namespace: " + std::string(64, 'a') + "\n",
                                          "  size: small\n"))});
  r.push_back({"LeadingDash", request_file(redis_request("  name: -cache\n" + ns, "  size: small\n"))});
  r.push_back({"DestinationNameUppercase",
               replace_in("destinations/monitoring.yaml", "name: monitoring", "name: Monitoring")});
  r.push_back({"PromiseNameWithUnderscore",
               replace_in("promises/redis.yaml", "  name: redis\n", "  name: re_dis\n")});
  r.push_back({"StateStoreNameWithEmptyPart", [](const fs::path& p, const fs::path&) {
                 replace_once(p / "state-stores.yaml", "name: observability", "name: observ..ability");
                 replace_once(p / "destinations/monitoring.yaml", "name: observability",
                              "name: observ..ability");
               }});
  r.push_back({"LabelValueWithSpace",
               replace_in("destinations/monitoring.yaml", "role: monitoring", "role: \"a b\"")});
  r.push_back({"LabelKeyWithTwoSlashes",
               replace_in("destinations/monitoring.yaml", "role: monitoring", "a/b/role: monitoring")});
  r.push_back({"SelectorValueTooLong", replace_in("promises/redis.yaml", "        environment: dev\n",
                                                  "        environment: " + std::string(64, 'd') + "\n")});
  r.push_back({"SelectorKeyLeadingDash",
               replace_in("promises/redis.yaml", "    - matchLabels:\n        environment: dev\n",
                          "    - matchExpressions:\n        - {key: -environment, operator: Exists}\n")});
  // Label selectors.
  r.push_back(
      {"OperatorLike",
       replace_in("promises/redis.yaml", "    - matchLabels:\n        environment: dev\n",
                  "    - matchExpressions:\n        - {key: environment, operator: Like, values: [dev]}\n")});
  r.push_back(
      {"ValuesOnExists",
       replace_in(
           "promises/redis.yaml", "    - matchLabels:\n        environment: dev\n",
           "    - matchExpressions:\n        - {key: environment, operator: Exists, values: [dev]}\n")});
  r.push_back({"InWithoutValues",
               replace_in("promises/redis.yaml", "    - matchLabels:\n        environment: dev\n",
                          "    - matchExpressions:\n        - {key: environment, operator: In}\n")});
  // Label selectors of the scheduling objects (scheduling.ferry.dev) against the label rules.
  r.push_back({"PolicySelectorKeyWithTwoSlashes", [](const fs::path& p, const fs::path&) {
                 write_file(p / "scheduling.yaml",
                            "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata:\n"
                            "  name: redis-placement\nspec:\n  promises: [redis]\n  locationSelectors:\n"
                            "    - matchLabels: {a/b/cloud: aws}\n");
               }});
  r.push_back({"LocationSelectorValueWithSpace", [](const fs::path& p, const fs::path&) {
                 write_file(p / "scheduling.yaml",
                            "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: Location\nmetadata:\n"
                            "  name: aws\nspec:\n  instanceSelector:\n"
                            "    matchExpressions: [{key: provider, operator: In, values: [\"a ws\"]}]\n");
               }});
  // Pipeline names against the name rules (Kratix puts them in Job names and labels).
  r.push_back({"PipelineNameUpperCase",
               replace_in("promises/redis.yaml", "name: instance-configure", "name: Instance-Configure")});
  r.push_back({"PipelineNameWithSlash",
               replace_in("promises/redis.yaml", "name: instance-configure", "name: ../instance-configure")});
  // Requests that fail their Promise's schema.
  r.push_back({"SchemaEnum", replace_in("requests/redis.yaml", "size: small", "size: medium")});
  r.push_back({"SchemaType", replace_in("requests/redis.yaml", "size: small", "size: small\n  fail: maybe")});
  {
    const std::string schema = "                    fail:\n                      type: boolean\n";
    const std::string extra = schema +
                              "                    name:\n                      type: string\n"
                              "                      pattern: '^[a-z]+$'\n"
                              "                    replicas:\n                      type: integer\n"
                              "                      minimum: 1\n";
    r.push_back({"SchemaPattern", [=](const fs::path& p, const fs::path&) {
                   replace_once(p / "promises/redis.yaml", schema, extra);
                   replace_once(p / "requests/redis.yaml", "size: small", "size: small\n  name: Bad_Name");
                 }});
    r.push_back({"SchemaMinimum", [=](const fs::path& p, const fs::path&) {
                   replace_once(p / "promises/redis.yaml", schema, extra);
                   replace_once(p / "requests/redis.yaml", "size: small", "size: small\n  replicas: 0");
                 }});
  }
  // State stores.
  r.push_back({"StateStoreBadUrl",
               replace_in("state-stores.yaml", "url: ../state/observability.git", "url: ftp://[::1")});
  r.push_back({"DestinationMissingStore",
               replace_in("destinations/monitoring.yaml", "name: observability", "name: nowhere")});
  // Pipeline outputs: the redis image runs the row's script for cache-a only.
  const auto pipeline = [&](const std::string& name, const std::string& script) {
    r.push_back({name, nullptr, script});
  };
  pipeline("SelectorsNotYaml",
           "printf 'a: [\\n' > /kratix/metadata/destination-selectors.yaml\n: > /kratix/output/a.yaml\n");
  pipeline("SelectorsBadOperator",
           "printf -- '- matchExpressions:\\n    - {key: environment, operator: Like, values: [dev]}\\n' "
           "> /kratix/metadata/destination-selectors.yaml\n: > /kratix/output/a.yaml\n");
  pipeline("SelectorsBadLabelKey",
           "printf -- '- matchLabels: {a/b/environment: dev}\\n' "
           "> /kratix/metadata/destination-selectors.yaml\n: > /kratix/output/a.yaml\n");
  pipeline("SelectorsBadExpressionValue",
           "printf -- '- matchExpressions:\\n    - {key: environment, operator: In, values: [dev-]}\\n' "
           "> /kratix/metadata/destination-selectors.yaml\n: > /kratix/output/a.yaml\n");
  pipeline("SelectorsDirectoryTraversal",
           "printf -- '- directory: ../escape\\n  matchLabels: {environment: dev}\\n' "
           "> /kratix/metadata/destination-selectors.yaml\n: > /kratix/output/a.yaml\n");
  pipeline("SelectorsAbsoluteDirectory",
           "printf -- '- directory: /etc\\n  matchLabels: {environment: dev}\\n' "
           "> /kratix/metadata/destination-selectors.yaml\n: > /kratix/output/a.yaml\n");
  pipeline("SelectorsDirectoryIsGit",
           "mkdir -p /kratix/output/.git\n: > /kratix/output/.git/config\n"
           "printf -- '- directory: .git\\n  matchLabels: {environment: dev}\\n' "
           "> /kratix/metadata/destination-selectors.yaml\n");
  pipeline("OutputSymlink", "ln -s /etc/passwd /kratix/output/passwd\n");
  pipeline("OutputDirectorySymlink", "ln -s .. /kratix/output/up\n: > /kratix/output/a.yaml\n");
  pipeline("OutputFifo", "mkfifo /kratix/output/pipe\n");
  pipeline("OutputUnderGit",
           "mkdir -p /kratix/output/.git/hooks\necho 'exit 0' > /kratix/output/.git/hooks/pre-commit\n");
  pipeline("OutputNestedGit", "mkdir -p /kratix/output/a/.git\n: > /kratix/output/a/.git/HEAD\n");
  pipeline("OutputTooManyFiles",
           "cd /kratix/output\ni=0\nwhile [ $i -le 10000 ]; do : > f$i; i=$((i+1)); done\n");
  pipeline("OutputTooManyBytes", "head -c 67108865 /dev/zero > /kratix/output/big\n");
  pipeline("StatusNotYaml", ": > /kratix/output/a.yaml\nprintf 'a: [\\n' > /kratix/metadata/status.yaml\n");
  return r;
}

// Runs every row on a copy of one platform on which a good reconcile created the destination repositories
// and the state; each failing check names its row.
class HostileInput : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/platform", good.path() / "platform",
             fs::copy_options::recursive);
    const auto result = run_ferry({"reconcile", (good.path() / "platform").string(), "--runtime", "exec",
                                   "--exec-config", fixture_exec_config()},
                                  {.merge_stderr = true});
    ASSERT_EQ(result.exit_code, 0) << result.output;
  }
  void check(const Row& row);

  TempDir good;
};

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The indented lines under "failed  default/cache-a" in the text report.
std::string failure_of_cache_a(const std::string& report) {
  const std::string head = "failed  default/cache-a (redis, Promise redis)\n";
  auto at = report.find(head);
  if (at == std::string::npos) return "";
  at += head.size();
  std::string out;
  while (at < report.size() && report.compare(at, 4, "    ") == 0) {
    const auto end = report.find('\n', at);
    out += report.substr(at, end - at + 1);
    at = end + 1;
  }
  return out;
}

void HostileInput::check(const Row& row) {
  TempDir dir;
  fs::copy(good.path(), dir.path(), fs::copy_options::recursive);
  const fs::path platform = dir.path() / "platform";
  const fs::path state = platform / ".ferry/state.git";
  const std::string destinations = git(dir.path() / "state/clusters.git", "rev-parse main") + " " +
                                   git(dir.path() / "state/observability.git", "rev-parse main");
  const std::string state_before = git(state, "rev-parse state");
  std::string exec_config = fixture_exec_config();
  if (row.script.empty()) {
    row.mutate(platform, dir.path());
  } else {
    // The redis image is rebuilt to run the row's script for cache-a and the fixture's for the others; a
    // rebuilt image runs every request of its Promise again (docs/state.md), so cache-b runs too, with the
    // same output as before. The other images stay as the fixture maps them, so the App objects are skipped.
    const fs::path images = fs::path(FERRY_SOURCE_DIR) / "fixtures/images";
    write_file(dir.path() / "hostile.sh",
               "set -eu\nif [ \"$KRATIX_OBJECT_NAME\" != cache-a ]; then exec /bin/sh " +
                   (images / "redis-configure/redis-configure.sh").string() + "; fi\n" + row.script);
    exec_config = (dir.path() / "exec.yaml").string();
    write_file(exec_config, "images:\n  localhost/ferry-fixtures/redis-configure:dev: [/bin/sh, " +
                                (dir.path() / "hostile.sh").string() +
                                "]\n  localhost/ferry-fixtures/contract-check:dev: [/bin/sh, " +
                                (images / "contract-check/contract-check.sh").string() +
                                "]\n  localhost/ferry-fixtures/app-configure:dev: [/bin/sh, " +
                                (images / "app-configure/app-configure.sh").string() + "]\n");
    replace_once(platform / "requests/redis.yaml", "size: small", "size: large");
  }
  // One request at a time: cache-a's lines come before cache-b's.
  const auto result = run_ferry(
      {"reconcile", platform.string(), "--runtime", "exec", "--exec-config", exec_config, "--jobs", "1"});
  const std::string err = replace_all(result.error_output, platform.string(), "$P");
  const std::string failure = failure_of_cache_a(result.output);
  if (std::getenv("FERRY_HOSTILE_DUMP")) {
    std::printf("      {\"%s\", {%d, R\"x(%s)x\", R\"x(%s)x\"}},\n", row.name.c_str(), result.exit_code,
                err.c_str(), failure.c_str());
  }
  ASSERT_TRUE(expectations().count(row.name)) << row.name;
  const Expected& expected = expectations().at(row.name);
  EXPECT_EQ(result.exit_code, expected.exit_code) << err << result.output;
  EXPECT_EQ(err, expected.stderr_text);
  EXPECT_EQ(failure, expected.report_text) << result.output;
  EXPECT_EQ(git(dir.path() / "state/clusters.git", "rev-parse main") + " " +
                git(dir.path() / "state/observability.git", "rev-parse main"),
            destinations);
  if (row.script.empty()) {
    EXPECT_EQ(git(state, "rev-parse state"), state_before);
  } else {
    // A failed request is recorded as failed, so that the next run tries it again (docs/state.md); only its
    // own record and those of the rebuilt image's other objects (which ran again) change. (The stores'
    // records change too: this copy of the platform resolves their relative URLs to other absolute paths than
    // the one the state was made with.)
    EXPECT_EQ(git(state, "diff --name-only " + state_before + " state -- promises requests"),
              "promises/redis/record.json\nrequests/redis/default/cache-a/record.json\n"
              "requests/redis/team-b/cache-b/record.json");
  }
}

TEST_F(HostileInput, EveryRowIsRefusedWithItsErrorAndChangesNoRepository) {
  std::size_t checked = 0;
  for (const Row& row : rows()) {
    if (known_bugs().count(row.name)) continue;
    SCOPED_TRACE(row.name);
    check(row);
    ++checked;
  }
  EXPECT_GE(checked, 40u);
  std::printf("hostile input rows checked: %zu; known bugs not checked: %zu\n", checked, known_bugs().size());
}

}  // namespace
}  // namespace ferry

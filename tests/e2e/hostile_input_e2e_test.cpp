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

#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::shell_quote;
using ferry::testing::TempDir;
using ferry::testing::write_file;

std::string ferry_binary() {
  return std::string(FERRY_BINARY_DIR) + "/ferry";
}
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

// What a row must do: the exit code, the whole stderr and, for pipeline rows, the indented lines under
// "failed  default/cache-a" in the text report. "$P" stands for the platform directory.
struct Expected {
  int exit_code;
  std::string stderr_text;
  std::string report_text;
};
const std::map<std::string, Expected>& expectations();

// Rows ferry does not refuse yet (or refuses badly): skipped with the reason, not counted.
const std::map<std::string, std::string>& known_bugs() {
  static const std::map<std::string, std::string> bugs = {
      {"HugeString", "the schema error echoes the whole 20 MB value into stderr"},
      {"UnknownPlatformKind", "an unknown kind in platform.kratix.io is a warning and the run goes on"},
      {"UppercaseName", "metadata.name is not checked against the Kubernetes name rules"},
      {"NameLongerThan253", "metadata.name is not checked against the Kubernetes name rules"},
      {"NamespaceLongerThan63", "metadata.namespace is not checked against the Kubernetes label rules"},
      {"LeadingDash", "metadata.name is not checked against the Kubernetes name rules"},
      {"DestinationNameUppercase", "a Destination's name is not checked against the Kubernetes name rules"},
      {"LabelValueWithSpace", "label values are not checked against the Kubernetes label rules"},
  };
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
  // Names that are not Kubernetes names.
  r.push_back({"UppercaseName", request_file(redis_request("  name: Cache\n" + ns, "  size: small\n"))});
  r.push_back({"NameLongerThan253", request_file(redis_request("  name: " + std::string(254, 'a') + "\n" + ns,
                                                               "  size: small\n"))});
  r.push_back({"NamespaceLongerThan63",
               request_file(redis_request("  name: q\n  namespace: " + std::string(64, 'a') + "\n",
                                          "  size: small\n"))});
  r.push_back({"LeadingDash", request_file(redis_request("  name: -cache\n" + ns, "  size: small\n"))});
  r.push_back({"DestinationNameUppercase",
               replace_in("destinations/monitoring.yaml", "name: monitoring", "name: Monitoring")});
  r.push_back({"LabelValueWithSpace",
               replace_in("destinations/monitoring.yaml", "role: monitoring", "role: \"a b\"")});
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
    const auto result =
        run(ferry_binary() + " reconcile " + shell_quote((good.path() / "platform").string()) +
            " --runtime exec --exec-config " + shell_quote(fixture_exec_config()));
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
    write_file(dir.path() / "hostile.sh", "set -eu\n" + row.script);
    exec_config = (dir.path() / "exec.yaml").string();
    write_file(exec_config, "images:\n  localhost/ferry-fixtures/redis-configure:dev: [/bin/sh, " +
                                (dir.path() / "hostile.sh").string() + "]\n");
    replace_once(platform / "requests/redis.yaml", "size: small", "size: large");
  }
  const auto result =
      run(ferry_binary() + " reconcile " + shell_quote(platform.string()) + " --runtime exec --exec-config " +
              shell_quote(exec_config) + " 2>" + shell_quote((dir.path() / "stderr").string()),
          false);
  const std::string err = replace_all(read_file(dir.path() / "stderr"), platform.string(), "$P");
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
    // own record changes.
    EXPECT_EQ(git(state, "diff --name-only " + state_before + " state"),
              "requests/redis/default/cache-a/record.json");
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

const std::map<std::string, Expected>& expectations() {
  static const std::map<std::string, Expected> expected = {
      {"UnclosedQuote",
       {1, R"x($P/requests/hostile.yaml:7:9: error: spec.size: must be one of small, large; found "small "
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnclosedBracket",
       {1, R"x($P/requests/hostile.yaml:8:1: error: invalid YAML: end of sequence flow not found
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnclosedBrace",
       {1, R"x($P/requests/hostile.yaml:4:5: error: invalid YAML: end of map flow not found
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"TabIndentation",
       {1, R"x($P/requests/hostile.yaml:4:6: error: invalid YAML: illegal map value
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UndefinedAlias",
       {1, R"x($P/requests/hostile.yaml:4:9: error: invalid YAML: the referenced anchor is not defined
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"BadAnchor",
       {1, R"x($P/requests/hostile.yaml:4:10: error: invalid YAML: anchor not found after &
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"NotYamlAtAll",
       {1, R"x($P/requests/hostile.yaml:1:7: error: invalid YAML: illegal flow end
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SpecIsAList",
       {1, R"x($P/requests/hostile.yaml:7:3: error: spec: must be an object, found a list
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"NameIsAMap",
       {1, R"x($P/requests/hostile.yaml:4:9: error: "metadata.name" must be a string, found a map
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"MetadataIsAString",
       {1, R"x($P/requests/hostile.yaml:3:11: error: "metadata" must be a map, found a string
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DocumentIsAList",
       {1, R"x($P/requests/hostile.yaml:1:1: error: missing required field "apiVersion"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DestinationLabelsAreAList",
       {1,
        R"x($P/destinations/monitoring.yaml:6:5: error: "metadata.labels" must be a map of strings, found a list
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"ContainersAreAMap",
       {1,
        R"x($P/promises/redis.yaml:55:13: error: "spec.workflows.resource.configure[0].spec.containers" must list at least one container
$P/requests/redis.yaml:1:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
$P/requests/redis.yaml:9:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"StateStoreBranchIsAList",
       {1, R"x($P/state-stores.yaml:9:11: error: "spec.branch" must be a string, found a list
$P/destinations/workers.yaml:1:1: error: Destination "worker-dev" refers to GitStateStore "clusters", which is not declared
$P/destinations/workers.yaml:13:1: error: Destination "worker-prod" refers to GitStateStore "clusters", which is not declared
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DeepListNesting",
       {1,
        R"x($P/requests/hostile.yaml:7:20009: error: invalid YAML: nested too deeply (500 levels); flatten the document
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DeepMapNesting",
       {1,
        R"x($P/requests/hostile.yaml:7:1996: error: invalid YAML: nested too deeply (500 levels); flatten the document
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DeepBlockNesting",
       {1,
        R"x($P/requests/hostile.yaml:505:1000: error: invalid YAML: nested too deeply (500 levels); flatten the document
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DuplicateKeyInMetadata",
       {1, R"x($P/requests/hostile.yaml:5:3: error: duplicate key "name" (first at line 4); remove one of them
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DuplicateKeyInDestination",
       {1,
        R"x($P/destinations/monitoring.yaml:9:3: error: duplicate key "path" (first at line 8); remove one of them
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DuplicateRequest",
       {1,
        R"x($P/requests/redis.yaml:1:1: error: request "redis default/cache-a" is declared twice; first at $P/requests/hostile.yaml:1:1
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"RequestWithoutName",
       {1, R"x($P/requests/hostile.yaml:4:3: error: missing required field "metadata.name"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DestinationWithoutStateStoreRef",
       {1, R"x($P/destinations/monitoring.yaml:8:3: error: missing required field "spec.stateStoreRef"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"StateStoreWithoutUrl",
       {1, R"x($P/state-stores.yaml:19:3: error: missing required field "spec.url"
$P/destinations/monitoring.yaml:1:1: error: Destination "monitoring" refers to GitStateStore "observability", which is not declared
ferry: 2 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"PipelineWithoutImage",
       {1,
        R"x($P/promises/redis.yaml:56:17: error: missing required field "spec.workflows.resource.configure[0].spec.containers[0].image"
$P/requests/redis.yaml:1:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
$P/requests/redis.yaml:9:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"RequestWithoutKind",
       {1, R"x($P/requests/hostile.yaml:1:1: error: missing required field "kind"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnknownKind",
       {1,
        R"x($P/requests/hostile.yaml:1:1: error: no Promise provides kind Memcached in group marketplace.kratix.io; declare a Promise whose spec.api serves it
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"UnknownVersion",
       {1,
        R"x($P/requests/hostile.yaml:1:13: error: Promise redis does not serve version v9 of redis; it serves v1alpha1
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"OperatorLike",
       {1,
        R"x($P/promises/redis.yaml:40:40: error: unknown operator "Like" in "spec.destinationSelectors[0].matchExpressions[0].operator"; use In, NotIn, Exists or DoesNotExist
$P/requests/redis.yaml:1:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
$P/requests/redis.yaml:9:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"ValuesOnExists",
       {1,
        R"x($P/promises/redis.yaml:40:56: error: "spec.destinationSelectors[0].matchExpressions[0].values" must be empty for operator Exists: remove the values
$P/requests/redis.yaml:1:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
$P/requests/redis.yaml:9:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"InWithoutValues",
       {1,
        R"x($P/promises/redis.yaml:40:11: error: "spec.destinationSelectors[0].matchExpressions[0].values" must list at least one value for operator In
$P/requests/redis.yaml:1:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
$P/requests/redis.yaml:9:1: error: no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api serves it
ferry: 3 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SchemaEnum",
       {1, R"x($P/requests/redis.yaml:7:9: error: spec.size: must be one of small, large; found "medium"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SchemaType",
       {1, R"x($P/requests/redis.yaml:8:9: error: spec.fail: must be a boolean, found a string "maybe"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SchemaPattern",
       {1, R"x($P/requests/redis.yaml:8:9: error: spec.name: must match the pattern ^[a-z]+$, found "Bad_Name"
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SchemaMinimum",
       {1, R"x($P/requests/redis.yaml:8:13: error: spec.replicas: must be at least 1, found 0
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"StateStoreBadUrl",
       {1,
        R"x($P/state-stores.yaml:19:8: error: invalid state store URL "ftp://[::1": unsupported scheme "ftp" (use https://, ssh://, git://, file:// or a local path)
$P/destinations/monitoring.yaml:1:1: error: Destination "monitoring" refers to GitStateStore "observability", which is not declared
ferry: 2 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"DestinationMissingStore",
       {1,
        R"x($P/destinations/monitoring.yaml:1:1: error: Destination "monitoring" refers to GitStateStore "nowhere", which is not declared
ferry: 1 error(s) in $P; nothing was run or written
)x",
        R"x()x"}},
      {"SelectorsNotYaml",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:2:1: pipeline "instance-configure": invalid YAML: end of sequence flow not found
)x"}},
      {"SelectorsBadOperator",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:2:36: pipeline "instance-configure": unknown operator "Like" in "matchExpressions[0].operator"; use In, NotIn, Exists or DoesNotExist
)x"}},
      {"SelectorsDirectoryTraversal",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:1:14: pipeline "instance-configure": directory "../escape" escapes /kratix/output: write a top-level directory of /kratix/output
)x"}},
      {"SelectorsAbsoluteDirectory",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/destination-selectors.yaml:1:14: pipeline "instance-configure": directory "/etc" is absolute: write a top-level directory of /kratix/output, relative to it
)x"}},
      {"SelectorsDirectoryIsGit",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output ".git/config" is under a ".git" directory, which no state store may hold: write it elsewhere
)x"}},
      {"OutputSymlink",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output "passwd" is a symlink; only regular files and directories are allowed
)x"}},
      {"OutputDirectorySymlink",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output "up" is a symlink; only regular files and directories are allowed
)x"}},
      {"OutputFifo",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output "pipe" is a fifo; only regular files and directories are allowed
)x"}},
      {"OutputUnderGit",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output ".git/hooks/pre-commit" is under a ".git" directory, which no state store may hold: write it elsewhere
)x"}},
      {"OutputNestedGit",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output "a/.git/HEAD" is under a ".git" directory, which no state store may hold: write it elsewhere
)x"}},
      {"OutputTooManyFiles",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output has more than 10000 files: write fewer files or raise the limit (--max-output-files)
)x"}},
      {"OutputTooManyBytes",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    pipeline "instance-configure" container "generate": output has more than 67108864 bytes in total: write less or raise the limit (--max-output-bytes)
)x"}},
      {"StatusNotYaml",
       {3, R"x(ferry: default/cache-a: running resource.configure (1 pipelines)
)x",
        R"x(    /kratix/metadata/status.yaml:2:1: pipeline "instance-configure": invalid YAML: end of sequence flow not found
)x"}},
  };
  return expected;
}

}  // namespace
}  // namespace ferry

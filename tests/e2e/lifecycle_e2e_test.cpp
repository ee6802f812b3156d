// End to end: Promise revisions, ResourceBindings and upgrades (docs/lifecycle.md), through the binary. The
// first test follows Kratix's promise-revision system test (kratix-newer.md §4.1) step by step; the others
// pin a request to a version ferry never ran, and roll an upgrade out with --max-upgrades.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/platform_texts.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::run_ferry;
using ferry::testing::write_file;
using nlohmann::json;

// Promise `upgrade` (kind Upgrade, as Kratix's test assets) at `version`, whose one resource pipeline runs
// `image`.
std::string upgrade_promise(const std::string& version, const std::string& image) {
  return runner::test_platform::promise_text(version, "example/upgrade:" + image,
                                             {.name = "upgrade",
                                              .group = "test.kratix.io",
                                              .kind = "Upgrade",
                                              .plural = "upgrades",
                                              .field = "configMapName",
                                              .selector = "environment: dev",
                                              .pipeline = "resource-configure"});
}

std::string upgrade_request(const std::string& name, const std::string& config_map,
                            const std::string& labels = "{environment: staging}") {
  return "apiVersion: test.kratix.io/v1alpha1\nkind: Upgrade\nmetadata:\n  name: " + name +
         "\n  namespace: default\n  labels: " + labels + "\nspec:\n  configMapName: " + config_map + "\n";
}

std::string binding(const std::string& name, const std::string& request, const std::string& version,
                    bool manual = false) {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: ResourceBinding\nmetadata:\n  name: " + name +
         "\n  namespace: default\n  labels:\n    kratix.io/promise-name: upgrade\n    "
         "kratix.io/resource-name: " +
         request + (manual ? "\n    kratix.io/manual-reconciliation: \"true\"" : "") +
         "\nspec:\n  version: " + version +
         "\n  promiseRef: {name: upgrade}\n  resourceRef: {name: " + request + ", namespace: default}\n";
}

class LifecycleE2E : public ferry::testing::PlatformFixture {
 protected:
  void SetUp() override {
    PlatformFixture::SetUp();
    fs::remove_all(platform() / "promises");
    fs::remove_all(platform() / "requests");
    // Each image writes a ConfigMap named after the request's spec.configMapName, as Kratix's test assets.
    const std::string writes =
        "name=$(sed -n 's/^ *configMapName: *//p' /kratix/input/object.yaml)\n"
        "printf 'apiVersion: v1\\nkind: ConfigMap\\nmetadata:\\n  name: %s-%s\\n' ";
    write_file(dir.path() / "before.sh",
               writes + "before-upgrade \"$name\" >/kratix/output/configmap.yaml\n");
    write_file(dir.path() / "after.sh", writes + "after-upgrade \"$name\" >/kratix/output/configmap.yaml\n");
    write_file(dir.path() / "failing.sh", "exit 1\n");
    std::string images = "images:\n";
    for (const char* image : {"before", "after", "failing"})
      images += std::string("  example/upgrade:") + image + ": [/bin/sh, " +
                (dir.path() / (std::string(image) + ".sh")).string() + "]\n";
    write_file(dir.path() / "exec.yaml", images);
  }

  FerryArgs runtime() const {
    return {"--runtime", "exec", "--exec-config", (dir.path() / "exec.yaml").string(), "--no-pipeline-cache"};
  }

  void promise(const std::string& version, const std::string& image) {
    write_file(platform() / "promises/upgrade.yaml", upgrade_promise(version, image));
  }

  // The recorded state as `ferry status --output json` shows it.
  json status() {
    const auto shown = run_ferry({"status", "--output", "json", platform().string()});
    EXPECT_EQ(shown.exit_code, 0) << shown.output << shown.error_output;
    return json::parse(shown.output, nullptr, false);
  }

  // The recorded binding of request default/`name` ({} when it has no record).
  json binding_of(const std::string& name) {
    const json state = status();  // kept: a range over a temporary's member would dangle
    for (const json& r : state["requests"])
      if (r["name"] == name) return r.value("binding", json::object());
    return json();
  }

  // The versions of Promise upgrade's revisions, oldest applied first.
  std::vector<std::string> revisions() {
    std::vector<std::string> versions;
    const json state = status();
    for (const json& p : state["promises"])
      for (const json& r : p.value("revisions", json::array()))
        versions.push_back(r["version"].get<std::string>());
    return versions;
  }

  // Every ConfigMap name the requests placed on the clusters store's main branch, sorted, space-separated.
  std::string config_maps() {
    return git(clusters(),
               "grep -h '^  name:' main -- '*/resources/*' | sed 's/^  name: //' | sort | tr '\\n' ' '");
  }

  int run_ok(const FerryArgs& extra = {}) {
    auto [code, report] = reconcile(runtime() + extra);
    last = report;
    return code;
  }

  std::string result_of(const std::string& name) {
    for (const json& r : last["requests"])
      if (r["name"] == name) return r["result"];
    return "";
  }

  json last;
};

TEST_F(LifecycleE2E, FollowsKratixsPromiseRevisionSystemTest) {
  // 1. The Promise at v0.1.0-BETA: one revision, the latest.
  promise("v0.1.0-BETA", "before");
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_EQ(revisions(), std::vector<std::string>{"v0.1.0-BETA"});
  const auto shown = run_ferry({"status", "--promise", "upgrade", platform().string()});
  EXPECT_NE(shown.output.find("    v0.1.0-BETA  "), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find("  latest\n"), std::string::npos) << shown.output;
  // 2, 3. Two requests, both bound to latest at v0.1.0-BETA.
  write_file(platform() / "requests/rr-one.yaml", upgrade_request("upgrade-rr-one", "banana"));
  write_file(platform() / "requests/rr-two.yaml", upgrade_request("upgrade-rr-two", "apple"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  for (const char* name : {"upgrade-rr-one", "upgrade-rr-two"}) {
    EXPECT_EQ(binding_of(name)["bindingVersion"], "latest") << name;
    EXPECT_EQ(binding_of(name)["lastAppliedVersion"], "v0.1.0-BETA") << name;
  }
  // 4. The binding's labels are the request's own plus the two key labels; ferry writes no binding object,
  // its record keeps them (docs/lifecycle.md), under the name Kratix would give it.
  const json key_labels = {{"kratix.io/promise-name", "upgrade"},
                           {"kratix.io/resource-name", "upgrade-rr-one"}};
  json expected_labels = key_labels;
  expected_labels["environment"] = "staging";
  EXPECT_EQ(binding_of("upgrade-rr-one")["labels"], expected_labels);
  EXPECT_EQ(binding_of("upgrade-rr-one")["bindingName"], "upgrade-rr-one-upgrade-62cd3");
  // 5. Relabelling the request relabels its binding, and `ferry status` shows it.
  write_file(platform() / "requests/rr-one.yaml",
             upgrade_request("upgrade-rr-one", "banana", "{environment: staging, team: fruit}"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  expected_labels["team"] = "fruit";
  EXPECT_EQ(binding_of("upgrade-rr-one")["labels"], expected_labels);
  const auto relabelled = run_ferry({"status", platform().string(), "default/upgrade-rr-one"});
  EXPECT_NE(relabelled.output.find("  binding name: upgrade-rr-one-upgrade-62cd3\n  binding labels: "
                                   "environment=staging, kratix.io/promise-name=upgrade, "
                                   "kratix.io/resource-name=upgrade-rr-one, team=fruit\n"),
            std::string::npos)
      << relabelled.output;
  // 6. Removing the request's labels removes them from its binding.
  write_file(platform() / "requests/rr-one.yaml", upgrade_request("upgrade-rr-one", "banana", "{}"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_EQ(binding_of("upgrade-rr-one")["labels"], key_labels);
  // 7. rr-two pinned to v0.1.0-BETA by a ResourceBinding.
  write_file(platform() / "bindings/rr-two.yaml", binding("rr-two-binding", "upgrade-rr-two", "v0.1.0-BETA"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_EQ(binding_of("upgrade-rr-two")["bindingVersion"], "v0.1.0-BETA");
  // 8. Both ConfigMaps of the first version.
  EXPECT_EQ(config_maps(), "before-upgrade-apple before-upgrade-banana ");
  // 9, 10. v0.2.0-NEXTVERSION: the latest revision now.
  promise("v0.2.0-NEXTVERSION", "after");
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_EQ(revisions(), (std::vector<std::string>{"v0.1.0-BETA", "v0.2.0-NEXTVERSION"}));
  // 11. rr-one upgraded; 12. rr-two stays at its pinned version.
  EXPECT_EQ(binding_of("upgrade-rr-one")["lastAppliedVersion"], "v0.2.0-NEXTVERSION");
  EXPECT_EQ(binding_of("upgrade-rr-one")["upgradeSucceeded"]["status"], "True");
  EXPECT_EQ(binding_of("upgrade-rr-two")["lastAppliedVersion"], "v0.1.0-BETA");
  EXPECT_EQ(config_maps(), "after-upgrade-banana before-upgrade-apple ");
  ASSERT_EQ(run_ok(), 0) << last.dump(2);  // and stays so
  EXPECT_EQ(result_of("upgrade-rr-two"), "skipped");
  EXPECT_EQ(config_maps(), "after-upgrade-banana before-upgrade-apple ");
  // 13, 14. rr-two's binding moved to v0.2.0-NEXTVERSION.
  write_file(platform() / "bindings/rr-two.yaml",
             binding("rr-two-binding", "upgrade-rr-two", "v0.2.0-NEXTVERSION"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_EQ(binding_of("upgrade-rr-two")["lastAppliedVersion"], "v0.2.0-NEXTVERSION");
  EXPECT_EQ(config_maps(), "after-upgrade-apple after-upgrade-banana ");
  // 15. A failing version: rr-one's upgrade fails and it stays at v0.2.0-NEXTVERSION.
  promise("v0.3.0-FAILING", "failing");
  EXPECT_EQ(run_ok(), 3) << last.dump(2);
  EXPECT_EQ(result_of("upgrade-rr-one"), "failed");
  json rr_one = binding_of("upgrade-rr-one");
  EXPECT_EQ(rr_one["upgradeSucceeded"]["status"], "False");
  EXPECT_EQ(rr_one["lastAppliedVersion"], "v0.2.0-NEXTVERSION");
  EXPECT_EQ(rr_one["failedVersion"], "v0.3.0-FAILING");
  EXPECT_EQ(config_maps(), "after-upgrade-apple after-upgrade-banana ");
  // 16. No oscillation: the next runs do not try it again.
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(run_ok(), 0) << last.dump(2);
    EXPECT_EQ(result_of("upgrade-rr-one"), "held");
    EXPECT_NE(last.dump().find("is not tried again"), std::string::npos) << last.dump(2);
    EXPECT_EQ(binding_of("upgrade-rr-one")["upgradeSucceeded"]["status"], "False");
  }
  // 17. The binding labelled kratix.io/manual-reconciliation: tried again, failed again, same version.
  write_file(platform() / "bindings/rr-one.yaml",
             binding("rr-one-binding", "upgrade-rr-one", "latest", true));
  EXPECT_EQ(run_ok(), 3) << last.dump(2);
  EXPECT_EQ(result_of("upgrade-rr-one"), "failed");
  EXPECT_EQ(binding_of("upgrade-rr-one")["failedVersion"], "v0.3.0-FAILING");
  write_file(platform() / "bindings/rr-one.yaml", binding("rr-one-binding", "upgrade-rr-one", "latest"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_EQ(result_of("upgrade-rr-one"), "held");
  // 18. A working version again recovers it.
  promise("v0.2.0-NEXTVERSION", "after");
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  rr_one = binding_of("upgrade-rr-one");
  EXPECT_EQ(rr_one["upgradeSucceeded"]["status"], "True");
  EXPECT_EQ(rr_one["lastAppliedVersion"], "v0.2.0-NEXTVERSION");
  EXPECT_EQ(rr_one["failedVersion"], "");
  EXPECT_EQ(revisions(), (std::vector<std::string>{"v0.1.0-BETA", "v0.3.0-FAILING", "v0.2.0-NEXTVERSION"}));
  // 19. The bindings deleted: both requests bound to latest (v0.2.0-NEXTVERSION), nothing changes.
  fs::remove_all(platform() / "bindings");
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_EQ(binding_of("upgrade-rr-two")["bindingVersion"], "latest");
  EXPECT_EQ(binding_of("upgrade-rr-two")["lastAppliedVersion"], "v0.2.0-NEXTVERSION");
  // 20. rr-one deleted: its record, binding state with it, is gone; rr-two's stays.
  fs::remove(platform() / "requests/rr-one.yaml");
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_TRUE(binding_of("upgrade-rr-one").is_null());
  EXPECT_FALSE(binding_of("upgrade-rr-two").empty());
  // 21. A binding written before its request, pinned to v0.1.0-BETA, is adopted.
  write_file(platform() / "bindings/rr-three.yaml",
             binding("pre-created-binding-for-rr-three", "upgrade-rr-three", "v0.1.0-BETA"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  write_file(platform() / "requests/rr-three.yaml", upgrade_request("upgrade-rr-three", "cherry"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  EXPECT_EQ(binding_of("upgrade-rr-three")["lastAppliedVersion"], "v0.1.0-BETA");
  EXPECT_EQ(binding_of("upgrade-rr-three")["bindingVersion"], "v0.1.0-BETA");
  EXPECT_EQ(config_maps(), "after-upgrade-apple before-upgrade-cherry ");
}

TEST_F(LifecycleE2E, ARequestPinnedToAVersionNeverRunIsPendingWithTheReason) {
  promise("v1", "before");
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  write_file(platform() / "requests/rr-one.yaml", upgrade_request("upgrade-rr-one", "banana"));
  write_file(platform() / "bindings/rr-one.yaml", binding("rr-one-binding", "upgrade-rr-one", "v9"));
  EXPECT_EQ(run_ok(), 3) << last.dump(2);
  EXPECT_EQ(result_of("upgrade-rr-one"), "pending");
  EXPECT_NE(
      last.dump().find("pins version v9 of Promise upgrade, which ferry has never run (versions run: v1 "
                       "(latest))"),
      std::string::npos)
      << last.dump(2);
}

// A revision whose text the state branch lost: the request pinned to it fails naming the missing file and
// runs nothing; the others run in the same run.
TEST_F(LifecycleE2E, ALostRevisionFailsOnlyTheRequestPinnedToIt) {
  promise("v1", "before");
  write_file(platform() / "requests/rr-one.yaml", upgrade_request("upgrade-rr-one", "banana"));
  write_file(platform() / "requests/rr-two.yaml", upgrade_request("upgrade-rr-two", "apple"));
  write_file(platform() / "bindings/rr-two.yaml", binding("rr-two-binding", "upgrade-rr-two", "v1"));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  promise("v2", "after");
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  const std::string lost =
      "revisions/upgrade/" + status()["promises"][0]["revisions"][0]["digest"].get<std::string>() + ".yaml";
  const std::string state = ferry::testing::shell_quote((platform() / ".ferry/state.git").string());
  const std::string index = ferry::testing::shell_quote((dir.path() / "lost.index").string());
  const auto removed = ferry::testing::run(
      "export GIT_DIR=" + state + " GIT_INDEX_FILE=" + index +
      " && git read-tree state && git rm -q --cached " + lost +
      " && git update-ref refs/heads/state \"$(git commit-tree \"$(git write-tree)\" -p state -m lost)\"");
  ASSERT_EQ(removed.exit_code, 0) << removed.output;
  write_file(platform() / "requests/rr-two.yaml", upgrade_request("upgrade-rr-two", "cherry"));
  write_file(platform() / "requests/rr-three.yaml", upgrade_request("upgrade-rr-three", "date"));
  EXPECT_EQ(run_ok(), 3) << last.dump(2);
  EXPECT_EQ(result_of("upgrade-rr-two"), "failed");
  EXPECT_EQ(result_of("upgrade-rr-three"), "succeeded");
  EXPECT_NE(last.dump().find("pins version v1 of Promise upgrade, whose revision cannot be read: revision v1 "
                             "of Promise upgrade is missing from "),
            std::string::npos)
      << last.dump(2);
  EXPECT_NE(last.dump().find(lost + "; not run (restore the revision on the state branch, or pin another "
                                    "version)"),
            std::string::npos);
  EXPECT_EQ(config_maps(), "after-upgrade-banana after-upgrade-date before-upgrade-apple ");
}

// The quiet-run memo (docs/load-cache.md) on a platform with a request pinned to an older revision, whose
// text the run reads from the state: the no-op run after each change replays the memo and reports as a
// --full-load run does; an edit of the pinned request runs it with its pinned revision (a narrow run), an
// edit of the other with the latest, and an edit of the binding moves the pin. Text reports: narrow runs
// print those alone.
TEST_F(LifecycleE2E, TheQuietRunMemoKeepsPinnedRequestsOnTheirRevisions) {
  struct TextRun {
    std::string report;
    bool narrow = false;
  };
  const auto run_text = [&](const FerryArgs& extra = {}) {
    const auto result = run_ferry(FerryArgs{"reconcile", platform().string()} + runtime() + extra);
    EXPECT_EQ(result.exit_code, 0) << result.output << result.error_output;
    expect_records_agree({});
    return TextRun{result.output, result.error_output.find("\"Narrow runs\"") != std::string::npos};
  };
  const fs::path memo = platform() / ".ferry/state.git.quiet-run";
  // The memo removed first: the no-op run must keep one of its own, which the next run replays.
  const auto no_op_replays = [&](const std::string& step) {
    fs::remove(memo);
    const std::string kept = run_text().report;
    ASSERT_TRUE(fs::exists(memo)) << step << ": no memo kept";
    const std::string memo_text = ferry::testing::read_file(memo);
    const std::string tip = git(platform() / ".ferry/state.git", "rev-parse state");
    EXPECT_EQ(run_text().report, kept) << step;
    EXPECT_EQ(ferry::testing::read_file(memo), memo_text) << step << ": the memo was not replayed";
    EXPECT_EQ(run_text({"--full-load"}).report, kept)
        << step << ": the replay reported other than a full load";
    EXPECT_EQ(git(platform() / ".ferry/state.git", "rev-parse state"), tip) << step;
  };
  promise("v1", "before");
  write_file(platform() / "requests/rr-one.yaml", upgrade_request("upgrade-rr-one", "banana"));
  write_file(platform() / "requests/rr-two.yaml", upgrade_request("upgrade-rr-two", "apple"));
  write_file(platform() / "bindings/rr-two.yaml", binding("rr-two-binding", "upgrade-rr-two", "v1"));
  run_text();
  promise("v2", "after");
  run_text();
  EXPECT_EQ(config_maps(), "after-upgrade-banana before-upgrade-apple ");
  no_op_replays("after the upgrade");

  write_file(platform() / "requests/rr-two.yaml", upgrade_request("upgrade-rr-two", "cherry"));
  TextRun edited = run_text();
  EXPECT_TRUE(edited.narrow);
  EXPECT_NE(edited.report.find("\nsucceeded  default/upgrade-rr-two "), std::string::npos) << edited.report;
  EXPECT_EQ(config_maps(), "after-upgrade-banana before-upgrade-cherry ");
  no_op_replays("after the pinned request's edit");

  write_file(platform() / "requests/rr-one.yaml", upgrade_request("upgrade-rr-one", "date"));
  EXPECT_TRUE(run_text().narrow);
  EXPECT_EQ(config_maps(), "after-upgrade-date before-upgrade-cherry ");
  no_op_replays("after the other request's edit");

  write_file(platform() / "bindings/rr-two.yaml", binding("rr-two-binding", "upgrade-rr-two", "v2"));
  edited = run_text();
  EXPECT_FALSE(edited.narrow);  // a binding is not a request: the whole path
  EXPECT_NE(edited.report.find("\nsucceeded  default/upgrade-rr-two "), std::string::npos) << edited.report;
  EXPECT_EQ(config_maps(), "after-upgrade-cherry after-upgrade-date ");
  no_op_replays("after the binding's edit");
}

TEST_F(LifecycleE2E, MaxUpgradesTwoUpgradesFiveRequestsInThreeRuns) {
  promise("v1", "before");
  for (const char* name : {"a", "b", "c", "d", "e"})
    write_file(platform() / "requests" / (std::string(name) + ".yaml"), upgrade_request(name, name));
  ASSERT_EQ(run_ok(), 0) << last.dump(2);
  promise("v2", "after");
  const auto planned = run_ferry(FerryArgs{"plan", platform().string(), "--max-upgrades", "2"} + runtime());
  EXPECT_NE(planned.output.find("Upgrade default/a: would change; upgrade from version v1 to v2"),
            std::string::npos)
      << planned.output << planned.error_output;
  EXPECT_NE(planned.output.find("Upgrade default/c: held: its upgrade from version v1 to v2 waits"),
            std::string::npos)
      << planned.output;
  const std::vector<std::string> expected = {
      "after-upgrade-a after-upgrade-b before-upgrade-c before-upgrade-d "
      "before-upgrade-e ",
      "after-upgrade-a after-upgrade-b after-upgrade-c after-upgrade-d "
      "before-upgrade-e ",
      "after-upgrade-a after-upgrade-b after-upgrade-c after-upgrade-d "
      "after-upgrade-e "};
  // The first run upgrades a and b; c, d and e wait: held (their inputs changed, nothing ran), not skipped.
  const auto first =
      run_ferry(FerryArgs{"reconcile", platform().string(), "--max-upgrades", "2"} + runtime());
  ASSERT_EQ(first.exit_code, 0) << first.output << first.error_output;
  EXPECT_NE(first.output.find("\n5 requests: 2 succeeded, 3 held\n"), std::string::npos) << first.output;
  EXPECT_EQ(config_maps(), expected[0]);
  for (std::size_t run = 1; run < expected.size(); ++run) {
    ASSERT_EQ(run_ok({"--max-upgrades", "2"}), 0) << last.dump(2);
    EXPECT_EQ(config_maps(), expected[run]);
    EXPECT_EQ(result_of("e"), run == 1 ? "held" : "succeeded");
  }
  ASSERT_EQ(run_ok({"--max-upgrades", "2"}), 0) << last.dump(2);
  for (const char* name : {"a", "b", "c", "d", "e"}) EXPECT_EQ(result_of(name), "skipped") << name;
}

}  // namespace
}  // namespace ferry

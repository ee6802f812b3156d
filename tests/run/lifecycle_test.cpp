// Promise revisions and upgrades in the records (run/promise_revisions.h, run/upgrades.h, run/run_state.h):
// what a run keeps of each version and of each request's binding, what it reads back and when, and the
// upgrade decisions (the oscillation guard, --max-upgrades).
#include <gtest/gtest.h>

#include <algorithm>

#include "run/promise_revisions.h"
#include "run/run_state.h"
#include "run/upgrades.h"
#include "tests/support/recording_state_store.h"

namespace ferry::runner {
namespace {

constexpr const char* kPromiseV1 = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata:
  name: redis
  labels: {kratix.io/promise-version: v1}
spec: {}
)";

ObjectRecord promise_record(const std::string& text) {
  ObjectRecord record;
  record.kind = "Promise";
  record.name = "redis";
  record.promise = "redis";
  record.last_run = "2026-11-22T08:00:00Z";
  record.object_yaml = text;
  return record;
}

ObjectRecord request_record(RequestResult result, const std::string& message = "") {
  ObjectRecord record;
  record.kind = "Redis";
  record.name = "cache";
  record.namespace_ = "team-a";
  record.promise = "redis";
  record.result = result;
  record.message = message;
  record.last_run = "2026-11-22T08:00:00Z";
  return record;
}

pipeline::Request request(const std::string& name = "cache") {
  pipeline::Request r;
  r.promise = "redis";
  r.kind = "Redis";
  r.name = name;
  r.namespace_ = "team-a";
  return r;
}

TEST(Revisions, EachVersionIsKeptOnceTheLatestLastAndAnEditReplacesItsText) {
  ObjectRecord first = promise_record(kPromiseV1);
  add_revision(nullptr, first, "v1");
  ObjectRecord second = promise_record("v2 text");
  add_revision(&first, second, "v2");
  ObjectRecord edited = promise_record(kPromiseV1 + std::string("# edited\n"));
  add_revision(&second, edited, "v1");
  ASSERT_EQ(edited.revisions.size(), 2u);
  EXPECT_EQ(edited.revisions[0], (RevisionRecord{"v2", revision_digest("v2 text")}));
  EXPECT_EQ(edited.revisions[1].version, "v1");  // applied again: the latest
  EXPECT_EQ(edited.revisions[1].digest, revision_digest(edited.object_yaml));
}

TEST(Revisions, AnUnlabelledPromisesVersionIsItsDigest) {
  pipeline::Promise promise;
  promise.object_yaml = "kind: Promise\n";
  EXPECT_EQ(revision_version(promise), "sha-" + revision_digest("kind: Promise\n").substr(0, 12));
  promise.version = "v3";
  EXPECT_EQ(revision_version(promise), "v3");
}

// The text of each revision is written once under its digest, beside the records; loading the records
// reads none of them (a no-op run's cost), and the Promise's removal removes them.
TEST(Revisions, TextsAreWrittenOnceAndNotReadWithTheRecords) {
  writer::RecordingStateStore store;
  ObjectRecord v1 = promise_record(kPromiseV1);
  add_revision(nullptr, v1, "v1");
  const writer::Change first = run_state_change({}, {{v1.directory(), v1}}, "first");
  ASSERT_EQ(first.files.size(), 1u);
  EXPECT_EQ(first.files[0].path, "revisions/redis/" + revision_digest(kPromiseV1) + ".yaml");
  EXPECT_EQ(first.files[0].content, std::optional<std::string>(kPromiseV1));
  ASSERT_TRUE(store.apply(first).ok());
  auto loaded = load_run_state(store);
  ASSERT_TRUE(loaded.ok()) << loaded.error().render();
  EXPECT_EQ(loaded->at("promises/redis").revisions, v1.revisions);
  for (const std::string& prefix : store.read_prefixes()) EXPECT_FALSE(prefix.starts_with("revisions"));
  ObjectRecord rerun = v1;
  rerun.last_run = "2026-11-23T08:00:00Z";
  add_revision(&v1, rerun, "v1");
  for (const writer::FileWrite& file : run_state_change(*loaded, {{rerun.directory(), rerun}}, "same").files)
    EXPECT_FALSE(file.path.starts_with("revisions/")) << file.path;  // known: not written again
  const writer::Change removed = run_state_change(*loaded, {}, "gone");
  EXPECT_NE(
      std::find(removed.removed_directories.begin(), removed.removed_directories.end(), "revisions/redis"),
      removed.removed_directories.end());
}

// A request pinned to an older version runs with that revision's text, read from the state; pinned to a
// version never run, it is pending with the versions that were.
TEST(Revisions, APinnedRequestGetsItsRevisionOrTheReasonItCannotRun) {
  writer::RecordingStateStore store;
  ObjectRecord v1 = promise_record(kPromiseV1);
  add_revision(nullptr, v1, "v1");
  ASSERT_TRUE(store.apply(run_state_change({}, {{v1.directory(), v1}}, "first")).ok());
  Platform platform;
  pipeline::Promise declared;
  declared.name = "redis";
  declared.version = "v2";
  declared.object_yaml = "v2 text";
  platform.promises = {declared};
  platform.requests = {request("pinned"), request("unknown"), request("latest")};
  platform.requests[0].binding.version = "v1";
  platform.requests[1].binding.version = "v9";
  platform.requests[1].binding.binding_name = "b";
  platform.bindings.resize(2);
  const RunState records = {{v1.directory(), v1}};
  auto resolved = resolve_pinned_requests(platform, records, &store);
  ASSERT_TRUE(resolved.ok()) << resolved.error().render();
  ASSERT_TRUE(resolved->has_value());
  const Platform& run = **resolved;
  ASSERT_NE(run.requests[0].binding.revision, nullptr);
  EXPECT_EQ(run.requests[0].binding.revision->version, "v1");
  EXPECT_EQ(run.promise_of(run.requests[0]), run.requests[0].binding.revision.get());
  EXPECT_EQ(RunVersions(run).of(run.requests[0]), "v1");
  EXPECT_EQ(run.requests[1].binding.unresolved,
            "its ResourceBinding b () pins version v9 of Promise redis, which ferry has never run (versions "
            "run: v1 (latest))");
  EXPECT_EQ(run.promise_of(run.requests[2]), &run.promises[0]);
  EXPECT_EQ(RunVersions(run).of(run.requests[2]), "v2");
  platform.bindings.clear();  // no binding: nothing to resolve, no copy
  EXPECT_FALSE(resolve_pinned_requests(platform, records, &store)->has_value());
}

// A revision the records list but whose text the state lacks fails the requests pinned to it, each with
// the reason naming the missing file (read once); a request pinned to a readable revision still gets it.
TEST(Revisions, AMissingRevisionFailsOnlyTheRequestsPinnedToIt) {
  writer::RecordingStateStore store;
  ObjectRecord v1 = promise_record(kPromiseV1);
  add_revision(nullptr, v1, "v1");
  ASSERT_TRUE(store.apply(run_state_change({}, {{v1.directory(), v1}}, "first")).ok());
  v1.revisions.insert(v1.revisions.begin(), RevisionRecord{"v0", revision_digest("v0 text")});
  Platform platform;
  pipeline::Promise declared;
  declared.name = "redis";
  declared.version = "v2";
  platform.promises = {declared};
  platform.requests = {request("lost"), request("pinned"), request("lost-too")};
  for (pipeline::Request& r : platform.requests) {
    r.binding.version = r.name == "pinned" ? "v1" : "v0";
    r.binding.binding_name = "b-" + r.name;
  }
  platform.bindings.resize(3);
  auto resolved = resolve_pinned_requests(platform, {{v1.directory(), v1}}, &store);
  ASSERT_TRUE(resolved.ok()) << resolved.error().render();
  ASSERT_TRUE(resolved->has_value());
  const Platform& run = **resolved;
  EXPECT_EQ(run.requests[0].binding.revision, nullptr);
  EXPECT_EQ(run.requests[0].binding.unreadable,
            "its ResourceBinding b-lost () pins version v0 of Promise redis, whose revision cannot be read: "
            "revision v0 of Promise redis is missing from " +
                store.describe() + ":revisions/redis/" + revision_digest("v0 text") +
                ".yaml; not run (restore the revision on the state branch, or pin another version)");
  EXPECT_NE(run.requests[2].binding.unreadable.find("b-lost-too"), std::string::npos);
  EXPECT_EQ(RunVersions(run).of(run.requests[0]), "v0");  // it fails at its pinned version, not at v2
  ASSERT_NE(run.requests[1].binding.revision, nullptr);
  EXPECT_EQ(run.requests[1].binding.revision->version, "v1");
  EXPECT_TRUE(run.requests[1].binding.unreadable.empty());
}

TEST(Upgrades, AFirstDeploySetsTheVersionWithoutACondition) {
  ObjectRecord now = request_record(RequestResult::succeeded);
  record_upgrade(nullptr, now, "v1", "latest");
  EXPECT_EQ(now.upgrade, (UpgradeRecord{"latest", "v1", "", "", ""}));
}

TEST(Upgrades, SuccessFailureAndRecoveryAreRecordedAsKratixDoes) {
  ObjectRecord v1 = request_record(RequestResult::succeeded);
  record_upgrade(nullptr, v1, "v1", "latest");
  ObjectRecord v2 = request_record(RequestResult::succeeded);
  record_upgrade(&v1, v2, "v2", "latest");
  EXPECT_EQ(v2.upgrade, (UpgradeRecord{"latest", "v2", "", "True", "Resource is at version v2"}));
  ObjectRecord v3 = request_record(RequestResult::failed, "pipeline resource-configure failed");
  record_upgrade(&v2, v3, "v3", "latest");
  EXPECT_EQ(v3.upgrade, (UpgradeRecord{"latest", "v2", "v3", "False",
                                       "upgrade to version v3 failed: pipeline resource-configure failed"}));
  ObjectRecord pending = request_record(RequestResult::pending);
  record_upgrade(&v3, pending, "v3", "latest");
  EXPECT_EQ(pending.upgrade, v3.upgrade);
  ObjectRecord back = request_record(RequestResult::succeeded);
  record_upgrade(&v3, back, "v2", "latest");
  EXPECT_EQ(back.upgrade, (UpgradeRecord{"latest", "v2", "", "True", "Resource is at version v2"}));
}

TEST(Upgrades, AFailedUpgradeIsHeldUntilTheVersionChangesOrTheManualLabel) {
  ObjectRecord v1 = request_record(RequestResult::succeeded);
  record_upgrade(nullptr, v1, "v1", "latest");
  ObjectRecord failed = request_record(RequestResult::failed, "boom");
  record_upgrade(&v1, failed, "v2", "latest");
  pipeline::Request r = request();
  EXPECT_EQ(
      failed_upgrade_hold(&failed, r, "v2"),
      "its upgrade to version v2 failed and is not tried again until the Promise's version changes or its "
      "ResourceBinding is labelled kratix.io/manual-reconciliation=true; it stays at version v1");
  EXPECT_EQ(failed_upgrade_hold(&failed, r, "v3"), std::nullopt);
  r.binding.manual_reconciliation = true;
  EXPECT_EQ(failed_upgrade_hold(&failed, r, "v2"), std::nullopt);
  ObjectRecord same = request_record(RequestResult::failed, "boom");  // failed at its own version: retried
  record_upgrade(&v1, same, "v1", "latest");
  EXPECT_EQ(failed_upgrade_hold(&same, request(), "v1"), std::nullopt);
  ObjectRecord first = request_record(RequestResult::failed, "boom");  // never deployed: retried as before
  record_upgrade(nullptr, first, "v1", "latest");
  EXPECT_EQ(failed_upgrade_hold(&first, request(), "v1"), std::nullopt);
}

TEST(Upgrades, MaxUpgradesDefersAllButTheFirstInDirectoryOrder) {
  Platform platform;
  pipeline::Promise declared;
  declared.name = "redis";
  declared.version = "v2";
  platform.promises = {declared};
  RunState records;
  std::vector<const pipeline::Request*> requests;
  for (const char* name : {"e", "a", "d", "c", "b", "new"}) platform.requests.push_back(request(name));
  for (const pipeline::Request& r : platform.requests) {
    requests.push_back(&r);
    if (r.name == "new") continue;  // a first deploy is no upgrade
    ObjectRecord record = request_record(RequestResult::succeeded);
    record.name = r.name;
    record_upgrade(nullptr, record, "v1", "latest");
    records[record.directory()] = record;
  }
  const UpgradePlan plan = plan_upgrades(platform, requests, records, 2);
  EXPECT_EQ(plan.deferred, (std::set<std::string>{"requests/redis/team-a/c", "requests/redis/team-a/d",
                                                  "requests/redis/team-a/e"}));
  EXPECT_TRUE(plan_upgrades(platform, requests, records, std::nullopt).deferred.empty());
  EXPECT_EQ(deferred_upgrade_message("v1", "v2", 2),
            "its upgrade from version v1 to v2 waits for a later run: --max-upgrades 2 upgrades that many "
            "requests a run");
}

TEST(Upgrades, TheBindingRoundTripsThroughTheRecordAndOldRecordsHaveNone) {
  ObjectRecord record = request_record(RequestResult::failed, "boom");
  record.upgrade = {"v2", "v1", "v2", "False", "upgrade to version v2 failed: boom"};
  auto parsed = parse_record(record_json(record), "x");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  EXPECT_EQ(parsed->upgrade, record.upgrade);
  EXPECT_EQ(record_json(request_record(RequestResult::succeeded)).find("binding"), std::string::npos);
}

}  // namespace
}  // namespace ferry::runner

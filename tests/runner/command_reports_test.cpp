// What `ferry validate` and `ferry status` print, from hand-made load results and records.
#include <gtest/gtest.h>

#include "platform/loader.h"
#include "runner/status_report.h"
#include "runner/validate_report.h"

namespace ferry::runner {
namespace {

ObjectRecord promise_record() {
  ObjectRecord r;
  r.kind = "Promise";
  r.name = "redis";
  r.promise = "redis";
  r.last_run = "2026-01-02T03:04:05Z";
  r.placements = {{"worker-dev", "static", "dependencies", "worker-dev/dependencies/redis.yaml"},
                  {"worker-prod", "static", "dependencies", "worker-prod/dependencies/redis.yaml"},
                  {"worker-dev", "promise-configure", ".", "worker-dev/dependencies/x.yaml"}};
  return r;
}

ObjectRecord suspended_request() {
  ObjectRecord r;
  r.kind = "redis";
  r.name = "cache-a";
  r.namespace_ = "default";
  r.promise = "redis";
  r.result = RequestResult::suspended;
  r.message = "waiting for approval\nsecond line";
  r.status_message = "Awaiting approval";
  r.last_run = "2026-01-02T03:04:06Z";
  r.retry_at = "2026-01-02T04:04:06Z";
  r.placements = {{"worker-dev", "instance-configure", ".", "worker-dev/resources/default/redis/cache-a/x"}};
  r.placements[0].misplaced = "no longer matches env=dev";
  r.commits = {{"clusters", "main", "0123456789abcdef0123456789abcdef01234567"}};
  return r;
}

RunState two_records() {
  RunState state;
  for (const ObjectRecord& r : {promise_record(), suspended_request()}) state.emplace(r.directory(), r);
  return state;
}

TEST(StatusReport, OneLinePerObjectThenTheCountsByResult) {
  EXPECT_EQ(
      render_status_text(two_records()),
      "succeeded  Promise redis  last run 2026-01-02T03:04:05Z  on worker-dev, worker-prod\n"
      "suspended  default/cache-a (redis, Promise redis)  last run 2026-01-02T03:04:06Z  on worker-dev  "
      "retry at 2026-01-02T04:04:06Z  status: Awaiting approval  message: waiting for approval\n"
      "1 Promises: 1 succeeded\n"
      "1 requests: 1 suspended\n");
}

TEST(StatusReport, OneRecordInFull) {
  EXPECT_EQ(
      render_record_text(suspended_request()),
      "default/cache-a (redis, Promise redis)\n"
      "  result: suspended\n"
      "  last run: 2026-01-02T03:04:06Z\n"
      "  retry at: 2026-01-02T04:04:06Z\n"
      "  message: waiting for approval\nsecond line\n"
      "  status: Awaiting approval\n"
      "  placed instance-configure group . on worker-dev at worker-dev/resources/default/redis/cache-a/x\n"
      "    misplaced: no longer matches env=dev\n"
      "  committed 0123456789abcdef0123456789abcdef01234567 to clusters@main\n");
}

TEST(StatusReport, JsonHoldsTheRecordsAsRecorded) {
  const std::string json = render_status_json(two_records());
  EXPECT_TRUE(
      json.starts_with("{\n  \"format_version\": 1,\n  \"promises\": [\n    {\n      \"commits\": [],\n"))
      << json;
  EXPECT_NE(json.find("  ],\n  \"requests\": [\n    {\n"), std::string::npos) << json;
  EXPECT_NE(json.find("\"retryAt\": \"2026-01-02T04:04:06Z\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"sha\": \"0123456789abcdef0123456789abcdef01234567\""), std::string::npos) << json;
}

TEST(ValidateReport, ErrorsAreListedAndCounted) {
  LoadResult loaded;
  loaded.errors = {make_error({"p/a.yaml", 6, 3}, "missing required field \"spec.path\""),
                   make_error("no file")};
  loaded.warnings = {make_error({"p/b.yaml", 1, 1}, "ignored")};
  EXPECT_EQ(render_validation_text(loaded, "p"),
            "p/a.yaml:6:3: error: missing required field \"spec.path\"\n"
            "error: no file\n"
            "p/b.yaml:1:1: warning: ignored\n"
            "ferry: 2 error(s) in p\n");
  EXPECT_EQ(render_validation_json(loaded),
            "{\n  \"format_version\": 1,\n  \"valid\": false,\n  \"errors\": [\n"
            "    {\n      \"file\": \"p/a.yaml\",\n      \"line\": 6,\n      \"column\": 3,\n"
            "      \"message\": \"missing required field \\\"spec.path\\\"\"\n    },\n"
            "    {\n      \"file\": \"\",\n      \"line\": 0,\n      \"column\": 0,\n      \"message\": \"no "
            "file\"\n"
            "    }\n  ],\n  \"warnings\": [\n"
            "    {\n      \"file\": \"p/b.yaml\",\n      \"line\": 1,\n      \"column\": 1,\n"
            "      \"message\": \"ignored\"\n    }\n  ]\n}\n");
}

TEST(ValidateReport, AValidPlatformIsCountedWithSingularsAndWarnings) {
  LoadResult loaded;
  loaded.platform.promises.resize(1);
  loaded.platform.requests.resize(2);
  loaded.platform.stores.resize(1);
  loaded.warnings = {make_error("w")};
  EXPECT_EQ(
      render_validation_text(loaded, "p"),
      "warning: w\nferry: p is valid: 1 Promise, 2 requests, 0 Destinations, 1 state store, 1 warning(s)\n");
}

}  // namespace
}  // namespace ferry::runner

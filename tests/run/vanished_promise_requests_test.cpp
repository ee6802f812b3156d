// Request files left by a Promise removed from the platform: a run whose records have the Promise takes
// their errors back and names them in one warning; every other error stays.
#include "run/vanished_promise_requests.h"

#include <gtest/gtest.h>

#include "tests/support/platform_texts.h"

namespace ferry::runner {
namespace {

using namespace ferry::runner::test_platform;

constexpr const char* kOddName = R"(apiVersion: marketplace.kratix.io/v1beta1
kind: redis
metadata: {name: Bad_Name, namespace: team-a}
)";

RunState recorded_redis_promise() {
  ObjectRecord promise;
  promise.kind = "Promise";
  promise.name = "redis";
  promise.promise = "redis";
  promise.object_yaml = kPromise;
  return {{promise.directory(), promise}};
}

LoadResult left_requests(const std::string& second_request) {
  return load_platform_files(
      "/p",
      {{"/p/stores.yaml", kStore}, {"/p/requests/a.yaml", kRequest}, {"/p/requests/b.yaml", second_request}});
}

TEST(VanishedPromiseRequests, RequestsOfARecordedPromiseAreOneWarningNotErrors) {
  LoadResult loaded = left_requests(kRequest);
  ASSERT_EQ(loaded.errors.size(), 2u);
  excuse_requests_of_vanished_promises(loaded, recorded_redis_promise());
  EXPECT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  ASSERT_EQ(loaded.warnings.size(), 1u);
  EXPECT_EQ(loaded.warnings[0].render(),
            "Promise redis is no longer in the platform: its requests are deleted with it, as Kratix deletes "
            "them; these request files of it are left and not run (Kratix would have removed them), delete "
            "them: /p/requests/a.yaml:1:1, /p/requests/b.yaml:1:1");
}

TEST(VanishedPromiseRequests, TheRequestsOwnErrorsStay) {
  LoadResult loaded = left_requests(kOddName);
  ASSERT_EQ(loaded.errors.size(), 3u);
  excuse_requests_of_vanished_promises(loaded, recorded_redis_promise());
  ASSERT_EQ(loaded.errors.size(), 1u);
  EXPECT_NE(loaded.errors[0].render().find("Bad_Name"), std::string::npos) << loaded.errors[0].render();
  EXPECT_EQ(loaded.warnings.size(), 1u);
}

TEST(VanishedPromiseRequests, WithoutAParsableRecordTheErrorsStay) {
  LoadResult unrecorded = left_requests(kRequest);
  excuse_requests_of_vanished_promises(unrecorded, {});
  EXPECT_EQ(unrecorded.errors.size(), 2u);
  EXPECT_TRUE(unrecorded.warnings.empty());

  RunState other = recorded_redis_promise();
  other.begin()->second.object_yaml = "kind: [";  // a record that does not parse excuses nothing
  LoadResult unparsed = left_requests(kRequest);
  excuse_requests_of_vanished_promises(unparsed, other);
  EXPECT_EQ(unparsed.errors.size(), 2u);
}

}  // namespace
}  // namespace ferry::runner

// The run's side of requests created and deleted through the platform API: LoadedPlatformObjects serves the
// platform's Promises and requests and checks a created request against its Promise's schema, the ledger
// keeps what pipelines created and deleted, and api_created_inputs turns the ledger and the records into the
// next pass's input for as long as the creator's record exists.
#include "run/platform_api_objects.h"

#include <gtest/gtest.h>

#include "platform/loader.h"
#include "tests/support/compound_platform.h"

namespace ferry::runner {
namespace {

const api::ServedKind kDbKind{"example.com", "v1", "db", "dbs", "db", true};
constexpr const char* kCreator = "requests/claim/default/shop";

class PlatformApiObjectsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    loaded_ = load_platform_files(
        "/p", {{"/p/promises/db.yaml",
                ferry::testing::db_promise_with_schema("db:v1", {"replicas: {type: integer, default: 1}"})},
               {"/p/requests/old.yaml", ferry::testing::compound_request("db", "declared")}});
    ASSERT_TRUE(loaded_.errors.empty()) << loaded_.errors.front().render();
  }
  nlohmann::json db(const std::string& name, const std::string& size) const {
    return {{"apiVersion", "example.com/v1"},
            {"kind", "db"},
            {"metadata", {{"name", name}, {"namespace", "default"}}},
            {"spec", {{"size", size}}}};
  }
  static ObjectRecord record_of(const std::string& directory, const std::string& object_yaml) {
    ObjectRecord record;
    record.kind = directory.starts_with("promises/") ? "Promise" : "x";
    record.object_yaml = object_yaml;
    return record;
  }

  LoadResult loaded_;
  ApiRequestLedger ledger_;
};

TEST_F(PlatformApiObjectsTest, ServesEveryPromiseAndTheRequestsOfAKind) {
  LoadedPlatformObjects objects(loaded_.platform, ledger_);
  ASSERT_EQ(objects.request_kinds().size(), 1u);
  EXPECT_EQ(objects.request_kinds()[0].plural, "dbs");
  ASSERT_EQ(objects.objects_of(api::promise_kind()).size(), 1u);
  EXPECT_EQ(objects.objects_of(api::promise_kind())[0]["metadata"]["name"], "db");
  const auto requests = objects.objects_of(kDbKind);
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0]["metadata"]["name"], "declared");
  EXPECT_EQ(requests[0]["metadata"]["namespace"], "default");
}

TEST_F(PlatformApiObjectsTest, ACreatedRequestIsAdmittedWithDefaultsAndTheCreatorAnnotation) {
  LoadedPlatformObjects objects(loaded_.platform, ledger_);
  auto created = objects.create(kDbKind, db("shop-db", "small"), kCreator);
  ASSERT_TRUE(created) << created.error().message;
  EXPECT_EQ((*created)["spec"]["replicas"], 1);
  EXPECT_EQ((*created)["metadata"]["annotations"][kCreatedByAnnotation], kCreator);
  ASSERT_EQ(ledger_.created_requests().size(), 1u);
  EXPECT_EQ(ledger_.created_requests()[0].directory, "requests/db/default/shop-db");
  EXPECT_EQ(ledger_.created_requests()[0].creator, kCreator);
  EXPECT_EQ(objects.objects_of(kDbKind).size(), 2u);  // served back at once
}

TEST_F(PlatformApiObjectsTest, ARequestTheSchemaRefusesIsNotCreated) {
  LoadedPlatformObjects objects(loaded_.platform, ledger_);
  auto refused = objects.create(kDbKind, db("shop-db", "huge"), kCreator);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "spec.size: must be one of small, large; found \"huge\"");
  EXPECT_TRUE(ledger_.created_requests().empty());
}

TEST_F(PlatformApiObjectsTest, OnlyRequestsCreatedThroughTheApiAreDeleted) {
  LoadedPlatformObjects objects(loaded_.platform, ledger_);
  const Status refused = objects.remove(kDbKind, "default", "declared");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "ferry deletes only requests created through the platform API; dbs.example.com \"declared\" is "
            "declared in the platform's files");
  ASSERT_TRUE(objects.create(kDbKind, db("shop-db", "small"), kCreator));
  ASSERT_TRUE(objects.remove(kDbKind, "default", "shop-db"));
  EXPECT_TRUE(ledger_.created_requests().empty());
  EXPECT_TRUE(ledger_.was_deleted("requests/db/default/shop-db"));
  EXPECT_EQ(objects.objects_of(kDbKind).size(), 1u);
}

TEST_F(PlatformApiObjectsTest, TheInputsAreThoseWhoseCreatorHasARecord) {
  LoadedPlatformObjects objects(loaded_.platform, ledger_);
  ASSERT_TRUE(objects.create(kDbKind, db("shop-db", "small"), kCreator));
  EXPECT_TRUE(api_created_inputs({}, ledger_).empty());  // the creator has not been recorded yet
  RunState records = {{kCreator, record_of(kCreator, "")}};
  auto inputs = api_created_inputs(records, ledger_);
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].path, "api:requests/db/default/shop-db");
  // A later run: the ledger is empty, the created request's record keeps its text.
  records["requests/db/default/shop-db"] = record_of("requests/db/default/shop-db", inputs[0].text);
  const ApiRequestLedger later;
  EXPECT_EQ(api_created_inputs(records, later).size(), 1u);
  records.erase(kCreator);  // the creator was deleted: so is what it created
  EXPECT_TRUE(api_created_inputs(records, later).empty());
}

TEST_F(PlatformApiObjectsTest, ARecordedRequestDeletedThroughTheApiIsNoInput) {
  const std::string text =
      "apiVersion: example.com/v1\nkind: db\nmetadata:\n  name: shop-db\n  namespace: default\n"
      "  annotations:\n    ferry.dev/created-by: requests/claim/default/shop\nspec:\n  size: small\n";
  const RunState records = {{kCreator, record_of(kCreator, "")},
                            {"requests/db/default/shop-db", record_of("requests/db/default/shop-db", text)}};
  ledger_.deleted("requests/db/default/shop-db");
  EXPECT_TRUE(api_created_inputs(records, ledger_).empty());
}

}  // namespace
}  // namespace ferry::runner

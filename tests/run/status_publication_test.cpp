// The status tree published to a GitStateStore of the user's choice (run/status_publication.h): the
// --publish-status value, the store it names, and the run's status files moved below its path.
#include "run/status_publication.h"

#include <gtest/gtest.h>

namespace ferry::runner {
namespace {

TEST(StatusPublication, TheTargetIsAStoreAndAPathThatDefaultsToStatus) {
  auto bare = parse_status_target("portal");
  ASSERT_TRUE(bare.ok()) << bare.error().render();
  EXPECT_EQ(bare->store, "portal");
  EXPECT_EQ(bare->path, "status");
  auto with_path = parse_status_target("portal:ferry/status/");
  ASSERT_TRUE(with_path.ok()) << with_path.error().render();
  EXPECT_EQ(with_path->store, "portal");
  EXPECT_EQ(with_path->path, "ferry/status");
}

TEST(StatusPublication, ABadTargetIsRefusedWithWhatWasExpected) {
  EXPECT_EQ(parse_status_target(":x").error().render(),
            "--publish-status \":x\": expected STORE or STORE:PATH, naming a GitStateStore");
  EXPECT_EQ(parse_status_target("portal:").error().render(),
            "--publish-status \"portal:\": the PATH after ':' is empty");
  const auto escaping = parse_status_target("portal:../elsewhere");
  ASSERT_FALSE(escaping.ok());
  EXPECT_EQ(escaping.error().render().rfind("--publish-status \"portal:../elsewhere\": ", 0), 0u)
      << escaping.error().render();
}

TEST(StatusPublication, AStoreThePlatformDoesNotDeclareIsRefusedNamingTheDeclaredOnes) {
  Platform platform;
  platform.stores.push_back(GitStateStore{"clusters"});
  platform.stores.push_back(GitStateStore{"portal"});
  auto found = status_target_store(platform, {"portal", "status"});
  ASSERT_TRUE(found.ok());
  EXPECT_EQ((*found)->name, "portal");
  EXPECT_EQ(status_target_store(platform, {"nowhere", "status"}).error().render(),
            "--publish-status names the GitStateStore \"nowhere\", which the platform does not declare (it "
            "declares: clusters, portal)");
}

TEST(StatusPublication, OnlyTheStatusFilesMoveBelowTheStoresAndTheTargetsPath) {
  writer::Change state_change;
  state_change.bundles.push_back({"requests/redis/default/cache", {{"record.json", "{}"}}});
  state_change.files.push_back({"status/default/redis/cache.yaml", std::string("kind: Redis\n")});
  state_change.files.push_back({"status/promises/gone.yaml", std::nullopt});
  GitStateStore store{"portal"};
  store.path = "site";
  const writer::Change change = status_target_change(state_change, store, {"portal", "ferry/status"});
  EXPECT_TRUE(change.bundles.empty());
  EXPECT_EQ(change.files, (std::vector<writer::FileWrite>{
                              {"site/ferry/status/default/redis/cache.yaml", std::string("kind: Redis\n")},
                              {"site/ferry/status/promises/gone.yaml", std::nullopt}}));
  EXPECT_EQ(change.message, "ferry run: status of 2 objects\n");
  EXPECT_TRUE(status_target_change(writer::Change{}, store, {"portal", "status"}).files.empty());
}

}  // namespace
}  // namespace ferry::runner

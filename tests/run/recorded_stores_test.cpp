// The stores a run records beside its records (run/recorded_stores.h): their text, what a later run reads
// back, and which ones are retired.
#include "run/recorded_stores.h"

#include <gtest/gtest.h>

#include "writer/memory_state_store.h"

namespace ferry::runner {
namespace {

GitStateStore store_named(const std::string& name, const std::string& url) {
  GitStateStore store;
  store.name = name;
  store.url = url;
  store.branch = "live";
  store.path = "fleet";
  store.author = {"ferry-demo", "demo@example.com"};
  return store;
}

TEST(RecordedStores, ARelativeLocalUrlIsKeptAbsoluteAndAPasswordIsNeverKept) {
  const std::string local =
      store_record_json(store_named("clusters", "../state/clusters.git"), "/srv/platform");
  EXPECT_NE(local.find("\"url\": \"/srv/state/clusters.git\""), std::string::npos) << local;
  const std::string remote = store_record_json(
      store_named("remote", "https://ferry:s3cret@git.example.com/fleet.git"), "/srv/platform");
  EXPECT_EQ(remote.find("s3cret"), std::string::npos) << remote;
  EXPECT_NE(remote.find("git.example.com/fleet.git"), std::string::npos) << remote;
}

TEST(RecordedStores, WhatIsRecordedReadsBackAsTheSameStore) {
  GitStateStore store = store_named("clusters", "/srv/state/clusters.git");
  store.secret_ref = StoreSecretRef{"git-creds", "default", {}};
  store.auth_method = StoreAuthMethod::ssh;
  writer::MemoryStateStore state("state");
  writer::Change change;
  record_stores(change, {}, {store}, {{"clusters", "0123abcd"}}, "/srv/platform");
  ASSERT_TRUE(state.apply(change).ok());
  auto loaded = load_recorded_stores(state);
  ASSERT_TRUE(loaded.ok()) << loaded.error().render();
  ASSERT_EQ(loaded->stores.size(), 1u);
  EXPECT_EQ(loaded->tips, (std::map<std::string, std::string>{{"clusters", "0123abcd"}}));
  const GitStateStore& back = loaded->stores.front();
  EXPECT_EQ(store_record_json(back, "/elsewhere"), store_record_json(store, "/srv/platform"));
  EXPECT_EQ(back.secret_ref->name, "git-creds");
  EXPECT_EQ(back.auth_method, StoreAuthMethod::ssh);
}

TEST(RecordedStores, AnUnchangedStoreAddsNothingAndAStoreNoLongerRecordedIsRemoved) {
  const GitStateStore clusters = store_named("clusters", "/srv/state/clusters.git");
  const GitStateStore old = store_named("old", "/srv/state/old.git");
  writer::Change change;
  record_stores(change, {{clusters, old}, {{"clusters", "aa"}}}, {clusters}, {{"clusters", "aa"}},
                "/srv/platform");
  EXPECT_TRUE(change.bundles.empty());
  EXPECT_EQ(change.removed_directories, std::vector<std::string>{"stores/old"});
}

// A new tip rewrites the store's directory whole: its record stays beside the tip.
TEST(RecordedStores, ANewTipRewritesTheStoresDirectoryWithItsRecord) {
  const GitStateStore clusters = store_named("clusters", "/srv/state/clusters.git");
  writer::Change change;
  record_stores(change, {{clusters}, {{"clusters", "aa"}}}, {clusters}, {{"clusters", "bb"}},
                "/srv/platform");
  ASSERT_EQ(change.bundles.size(), 1u);
  EXPECT_EQ(change.bundles[0].directory, "stores/clusters");
  EXPECT_EQ(change.bundles[0].files.at("tip"), "bb\n");
  EXPECT_TRUE(change.bundles[0].files.contains("store.json"));
}

TEST(RecordedStores, AStoreRecordThatDoesNotParseNamesItsFile) {
  auto parsed = parse_store_record("{\"format\": 1}", "state:stores/x/store.json");
  ASSERT_FALSE(parsed.ok());
  EXPECT_TRUE(parsed.error().render().starts_with("state:stores/x/store.json: not a store record: "))
      << parsed.error().render();
}

TEST(RecordedStores, RetiredStoresAreTheRecordedOnesThePlatformNoLongerDeclares) {
  Platform platform;
  platform.stores.push_back(store_named("clusters", "/srv/state/clusters.git"));
  const auto retired = retired_stores(platform, {store_named("clusters", "/a"), store_named("old", "/b")});
  ASSERT_EQ(retired.size(), 1u);
  EXPECT_EQ(retired.front().name, "old");
}

}  // namespace
}  // namespace ferry::runner

// Reading current placements back from state store paths.
#include "placement/placement_index.h"

#include <gtest/gtest.h>

namespace ferry::runner {
namespace {

Platform platform_with(std::string store_path) {
  Platform p;
  GitStateStore store;
  store.name = "s";
  store.path = std::move(store_path);
  p.stores.push_back(store);
  p.destinations.push_back({"worker-1", {}, false, "clusters/w1", "GitStateStore", "s", {}});
  return p;
}

TEST(PlacementIndex, FindsBundlesBelowTheStorePathAndNamesTheirDestination) {
  const Platform p = platform_with("/fleet/");
  PlacementIndex index;
  for (const char* path : {"fleet/clusters/w1/resources/ns/redis/r1/configure/5058f/a.yaml",
                           "fleet/clusters/w1/resources/ns/redis/r1/configure/5058f/sub/resources/b.yaml",
                           "fleet/clusters/w1/resources/ns/redis/r1/configure/89948/logs/c.yaml",
                           "fleet/old/resources/ns/redis/r1/other/5058f/d.yaml",
                           "elsewhere/resources/ns/redis/r1/configure/5058f/e.yaml",
                           "fleet/clusters/w1/dependencies/redis/configure/5058f/x.yaml"}) {
    index.add_path(p, p.stores[0], path);
  }
  const auto& bundles = index.bundles_of("ns", "redis", "r1");
  ASSERT_EQ(bundles.size(), 3u);
  EXPECT_EQ(bundles[0].destination, "worker-1");
  EXPECT_EQ(bundles[0].destination_dir, "fleet/clusters/w1");
  EXPECT_EQ(bundles[0].pipeline, "configure");
  EXPECT_EQ(bundles[0].group_id5, "5058f");
  EXPECT_EQ(bundles[1].group_id5, "89948");
  EXPECT_EQ(bundles[2].destination, "fleet/old");  // no longer declared: named by its directory
  EXPECT_EQ(bundles[2].pipeline, "other");
  EXPECT_TRUE(index.bundles_of("ns", "redis", "r2").empty());
}

// Paths of several stores and Destination directories in any order: each bundle named by its own
// Destination (add_path remembers the last directory's Destination; a store or directory change forgets it).
TEST(PlacementIndex, NamesEachBundlesDestinationWhateverOrderThePathsCome) {
  Platform p = platform_with("fleet");
  GitStateStore other;
  other.name = "t";
  other.path = "fleet";
  p.stores.push_back(other);
  p.destinations.push_back({"worker-2", {}, false, "clusters/w2", "GitStateStore", "s", {}});
  p.destinations.push_back({"worker-3", {}, false, "clusters/w1", "GitStateStore", "t", {}});
  PlacementIndex index;
  index.add_path(p, p.stores[0], "fleet/clusters/w1/resources/ns/redis/r1/configure/5058f/a.yaml");
  index.add_path(p, p.stores[0], "fleet/clusters/w2/resources/ns/redis/r1/configure/5058f/a.yaml");
  index.add_path(p, p.stores[1], "fleet/clusters/w1/resources/ns/redis/r1/configure/5058f/a.yaml");
  index.add_path(p, p.stores[0], "fleet/clusters/w1/resources/ns/redis/r2/configure/5058f/a.yaml");
  index.add_path(p, p.stores[0], "fleet/clusters//w1/resources/ns/redis/r3/configure/5058f/a.yaml");
  index.add_path(p, p.stores[0], "fleet/gone/resources/ns/redis/r3/configure/5058f/a.yaml");
  const auto names = [&](const std::string& request) {
    std::vector<std::string> out;
    for (const ExistingBundle& b : index.bundles_of("ns", "redis", request))
      out.push_back(b.store + " " + b.destination + " " + b.destination_dir);
    return out;
  };
  EXPECT_EQ(names("r1"),
            (std::vector<std::string>{"s worker-1 fleet/clusters/w1", "s worker-2 fleet/clusters/w2",
                                      "t worker-3 fleet/clusters/w1"}));
  EXPECT_EQ(names("r2"), (std::vector<std::string>{"s worker-1 fleet/clusters/w1"}));
  EXPECT_EQ(names("r3"),
            (std::vector<std::string>{"s worker-1 fleet/clusters/w1", "s fleet/gone fleet/gone"}));
}

}  // namespace
}  // namespace ferry::runner

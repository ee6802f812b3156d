// read_placement_index_of (placement/placement_index.h): for the requests asked, the bundles and the
// Promises' dependencies the whole index reads, from a store listed without the other requests' directories.
#include <gtest/gtest.h>

#include "placement/placement_index.h"
#include "writer/memory_state_store.h"

namespace ferry::runner {
namespace {

pipeline::Request request(const std::string& ns, const std::string& name) {
  pipeline::Request r;
  r.kind = "redis";
  r.promise = "redis";
  r.namespace_ = ns;
  r.name = name;
  return r;
}

TEST(PlacementIndexOf, GivesTheAskedRequestsBundlesAsTheWholeIndexDoes) {
  Platform p;
  GitStateStore store;
  store.name = "s";
  store.path = "fleet";
  p.stores.push_back(store);
  p.destinations.push_back({"w1", {}, false, "w1", "GitStateStore", "s", {}});
  p.destinations.push_back({"w2", {}, false, "nested/w2", "GitStateStore", "s", {}});
  writer::MemoryStateStore memory("s");
  writer::Change change;
  for (const std::string dir : {"fleet/w1", "fleet/nested/w2", "fleet/gone", "elsewhere/w1"}) {
    for (const std::string name : {"r1", "r2", "resources"}) {
      for (const std::string ns : {"ns", "resources"}) {
        change.bundles.push_back(
            {dir + "/resources/" + ns + "/redis/" + name + "/configure/5058f", {{"a.yaml", "x"}}});
        change.bundles.push_back(
            {dir + "/resources/" + ns + "/redis/" + name + "/delete/89948", {{"b", "y"}}});
      }
    }
    change.bundles.push_back({dir + "/dependencies/redis/configure/5058f", {{"d.yaml", "z"}}});
  }
  change.message = "bundles";
  ASSERT_TRUE(memory.apply(change).ok());
  const std::map<std::string, writer::StateStore*> stores{{"s", &memory}};
  const PlacementIndex whole = read_placement_index(p, stores).value();
  const std::vector<pipeline::Request> asked{request("ns", "r1"), request("resources", "resources")};
  const PlacementIndex narrow = read_placement_index_of(p, stores, asked).value();
  for (const pipeline::Request& r : asked) {
    const auto& bundles = narrow.bundles_of(r.namespace_, r.promise, r.name);
    EXPECT_EQ(bundles.size(), 6u) << r.name;  // two pipelines in each of w1, w2 and gone
    EXPECT_EQ(bundles, whole.bundles_of(r.namespace_, r.promise, r.name)) << r.name;
  }
  EXPECT_TRUE(narrow.bundles_of("ns", "redis", "r2").empty());
  EXPECT_EQ(narrow.requests().size(), 2u);
  EXPECT_EQ(narrow.promise_dependencies(), whole.promise_dependencies());
}

}  // namespace
}  // namespace ferry::runner

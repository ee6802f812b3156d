// Loading a platform directory: what is found, and the exact text of every error.
#include "platform/loader.h"

#include <gtest/gtest.h>

#include "platform/platform.h"
#include "tests/support/platform_texts.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

class LoaderTest : public ::testing::Test {
 protected:
  // Paths in messages are the platform directory joined with the file's relative path.
  std::string at(const std::string& relative) const { return (dir.path() / relative).string(); }
  std::vector<std::string> rendered(const std::vector<Error>& errors) const {
    std::vector<std::string> out;
    for (const auto& e : errors) out.push_back(e.render());
    return out;
  }
  LoadResult load() const { return load_platform(dir.path()); }

  void write_valid_platform() {
    write_file(dir.path() / "stores.yaml", kStore);
    write_file(dir.path() / "destinations.yml", kDestinations);
    write_file(dir.path() / "promises/redis.yaml", kPromise);
    write_file(dir.path() / "requests/cache.yaml", kRequest);
  }

  TempDir dir;
};

// A Promise that fails to load: its requests say so, naming it, instead of "no Promise provides kind", and
// still report their own errors.
TEST_F(LoaderTest, ARequestOfAPromiseThatFailedToLoadNamesThePromiseAndKeepsItsOwnErrors) {
  write_valid_platform();
  std::string broken = kPromise;
  broken.replace(broken.find("  destinationSelectors:"), 0, "  requiredPromises: nonsense\n");
  write_file(dir.path() / "promises/redis.yaml", broken);
  write_file(dir.path() / "requests/cache.yaml",
             std::string(kRequest) + "---\n" + R"(apiVersion: marketplace.kratix.io/v1beta1
kind: redis
metadata: {name: Bad_Name, namespace: team-a}
spec: {size: small}
)");
  const std::vector<std::string> errors = rendered(load().errors);
  ASSERT_EQ(errors.size(), 4u) << ::testing::PrintToString(errors);
  EXPECT_TRUE(errors[0].starts_with(at("promises/redis.yaml") + ":")) << errors[0];
  const std::string served =
      "kind redis in group marketplace.kratix.io is served by Promise \"redis\" at " +
      at("promises/redis.yaml") +
      ":1:1, which failed to load (its errors are listed with it); fix the Promise first";
  EXPECT_EQ(errors[1], at("requests/cache.yaml") + ":1:1: " + served);
  EXPECT_TRUE(errors[2].starts_with(at("requests/cache.yaml") + ":11:")) << errors[2];
  EXPECT_NE(errors[2].find("Bad_Name"), std::string::npos) << errors[2];
  EXPECT_EQ(errors[3], at("requests/cache.yaml") + ":9:1: " + served);
}

// Request files whose Promise file was removed: still an error of the load (validate has no records), kept
// as unserved requests too, so that a run whose records have the Promise can take the error back
// (run/vanished_promise_requests.h); their metadata errors stay.
TEST_F(LoaderTest, ARequestWhoseKindNoPromiseServesIsAnErrorKeptAsAnUnservedRequest) {
  write_file(dir.path() / "stores.yaml", kStore);
  write_file(dir.path() / "requests/cache.yaml",
             std::string(kRequest) + "---\n" + R"(apiVersion: marketplace.kratix.io/v1beta1
kind: redis
metadata: {name: Bad_Name, namespace: team-a}
)");
  const LoadResult result = load();
  const std::vector<std::string> errors = rendered(result.errors);
  const std::string unserved =
      ": no Promise provides kind redis in group marketplace.kratix.io; declare a Promise whose spec.api "
      "serves it";
  ASSERT_EQ(errors.size(), 3u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], at("requests/cache.yaml") + ":1:1" + unserved);
  EXPECT_NE(errors[1].find("Bad_Name"), std::string::npos) << errors[1];
  EXPECT_EQ(errors[2], at("requests/cache.yaml") + ":9:1" + unserved);
  ASSERT_EQ(result.unserved_requests.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(result.unserved_requests[i].kind, "redis");
    EXPECT_EQ(result.unserved_requests[i].group, "marketplace.kratix.io");
  }
  EXPECT_EQ(result.unserved_requests[0].error.render(), errors[0]);
  EXPECT_EQ(result.unserved_requests[1].error.render(), errors[2]);
}

// A misspelt Promise kind is a Promise that failed to load: its requests wait on it, and are not unserved
// requests, which a run would take for requests of a Promise removed from the platform.
TEST_F(LoaderTest, ARequestOfAMisspeltPromiseKindWaitsOnThatPromise) {
  write_valid_platform();
  std::string misspelt = kPromise;
  misspelt.replace(misspelt.find("kind: Promise"), 13, "kind: promise");
  write_file(dir.path() / "promises/redis.yaml", misspelt);
  const LoadResult result = load();
  const std::vector<std::string> errors = rendered(result.errors);
  ASSERT_EQ(errors.size(), 2u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], at("promises/redis.yaml") +
                           ":2:7: unknown kind promise in platform.kratix.io; did you mean Promise?");
  EXPECT_EQ(errors[1],
            at("requests/cache.yaml") +
                ":1:1: kind redis in group marketplace.kratix.io is served by Promise \"redis\" at " +
                at("promises/redis.yaml") +
                ":1:1, which failed to load (its errors are listed with it); fix the Promise first");
  EXPECT_TRUE(result.unserved_requests.empty());
}

TEST_F(LoaderTest, LoadsEveryKindAndResolvesRequestsToTheirPromise) {
  write_valid_platform();
  const LoadResult result = load();
  ASSERT_TRUE(result.errors.empty()) << rendered(result.errors).front();
  EXPECT_TRUE(result.warnings.empty());
  const Platform& p = result.platform;
  ASSERT_EQ(p.promises.size(), 1u);
  EXPECT_EQ(p.promises[0].api->version, "v1beta1");  // the storage version, not the first
  EXPECT_EQ(p.promises[0].api->plural, "redises");
  EXPECT_EQ(p.promises[0].workflows.at("resource.configure").at(0).containers.at(0).image,
            "example/redis-configure:v1");
  ASSERT_EQ(p.destinations.size(), 2u);
  EXPECT_EQ(p.destinations[1].labels.at("env"), "prod");
  ASSERT_EQ(p.stores.size(), 1u);
  EXPECT_EQ(p.stores[0].branch, "main");
  ASSERT_EQ(p.requests.size(), 1u);
  EXPECT_EQ(p.requests[0].promise, "redis");
  EXPECT_EQ(p.requests[0].namespace_, "team-a");
  EXPECT_EQ(p.requests[0].where.render(), at("requests/cache.yaml") + ":1:1");
  EXPECT_NE(p.requests[0].object_yaml.find("size: small"), std::string::npos);
}

TEST_F(LoaderTest, SkipsDotDirectoriesAndFilesThatAreNotYaml) {
  write_valid_platform();
  write_file(dir.path() / ".git/config.yaml", "not: [valid");
  write_file(dir.path() / "README.md", "kind: Promise");
  write_file(dir.path() / "notes.txt", ": : :");
  EXPECT_TRUE(load().errors.empty());
}

// A symbolic link back up the tree made the walk recurse until the path was too long and the loader threw.
// Now each directory and file is read once; the link that leads back is a warning naming it.
TEST_F(LoaderTest, ASymbolicLinkLoopIsReadOnceWithAWarning) {
  write_valid_platform();
  std::filesystem::create_directory_symlink("..", dir.path() / "promises/loop");
  std::filesystem::create_directory_symlink("../requests", dir.path() / "promises/requests-again");
  const LoadResult result = load();
  EXPECT_TRUE(result.errors.empty()) << rendered(result.errors).front();
  EXPECT_EQ(result.platform.requests.size(), 1u);  // not twice, although two paths lead to it
  ASSERT_EQ(result.warnings.size(), 2u);
  EXPECT_EQ(result.warnings[0].render(), at("promises/loop") + ": skipped: a symbolic link leads to " +
                                             std::filesystem::canonical(dir.path()).string() +
                                             ", which is read already (a loop, or a second "
                                             "link to it)");
}

// What reconcile would refuse at its first write is refused by the loader, so `ferry validate` and `plan`
// say it before any container starts (writer/path_rules.h is the one table of the rules).
TEST_F(LoaderTest, PathsAndBranchesThatAWriteWouldRefuseAreRefusedWhenLoading) {
  write_valid_platform();
  write_file(dir.path() / "stores.yaml", std::string(kStore) + "  branch: main.lock\n  path: ../escape\n");
  std::string destinations = kDestinations;
  destinations.replace(destinations.find("path: dev"), 9, "path: a/.GIT/hooks");
  write_file(dir.path() / "destinations.yml", destinations);
  const LoadResult result = load();
  EXPECT_EQ(rendered(result.errors),
            (std::vector<std::string>{
                at("stores.yaml") +
                    ":1:1: GitStateStore \"default\" spec.branch: \"main.lock\" is not a valid branch "
                    "name (Git's ref-name rules: no \"..\", \"~\", \"^\", \":\", spaces, or a part "
                    "ending in \".lock\")",
                at("stores.yaml") + ":1:1: GitStateStore \"default\" spec.path: invalid repository path "
                                    "\"../escape\": \"..\" segment",
                at("destinations.yml") + ":1:1: Destination \"dev\" spec.path: invalid repository path "
                                         "\"a/.GIT/hooks\": \".git\" segment"}));
}

TEST_F(LoaderTest, ReportsEveryErrorAtOnceWithFileLineAndColumn) {
  write_valid_platform();
  write_file(dir.path() / "broken.yaml", "kind: Promise\nmetadata: {name: [x}\n");
  write_file(dir.path() / "more/dup.yaml", std::string("---\n") + kStore);
  write_file(dir.path() / "more/orphan.yaml", R"(apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: lost}
spec:
  path: lost
  stateStoreRef: {name: nowhere}
)");
  write_file(dir.path() / "more/unknown-request.yaml",
             "apiVersion: example.com/v1\nkind: Database\nmetadata: {name: db}\n");
  write_file(dir.path() / "more/bucket.yaml",
             "apiVersion: platform.kratix.io/v1alpha1\nkind: BucketStateStore\nmetadata: {name: b}\n");
  write_file(dir.path() / "more/no-kind.yaml", "apiVersion: v1\nmetadata: {name: x}\n");
  const LoadResult result = load();
  EXPECT_EQ(rendered(result.errors),
            (std::vector<std::string>{
                at("broken.yaml") + ":2:20: invalid YAML: illegal flow end",
                at("more/bucket.yaml") + ":1:1: BucketStateStore is not supported yet; use a GitStateStore",
                at("more/no-kind.yaml") + ":1:1: missing required field \"kind\"",
                at("more/unknown-request.yaml") +
                    ":1:1: no Promise provides kind Database in group example.com; a Promise that failed to "
                    "load, or a file that did not parse, may be the one that serves it (" +
                    at("broken.yaml") + "): fix those first",
                at("stores.yaml") + ":1:1: GitStateStore \"default\" is declared twice; first at " +
                    at("more/dup.yaml") + ":2:1",
                at("more/orphan.yaml") +
                    ":1:1: Destination \"lost\" refers to GitStateStore \"nowhere\", which is not declared",
            }));
}

TEST_F(LoaderTest, MissingFieldsNameTheField) {
  write_valid_platform();
  write_file(dir.path() / "bad-promise.yaml", R"(apiVersion: platform.kratix.io/v1alpha1
kind: Promise
metadata: {name: bad}
spec:
  workflows:
    resource:
      configure:
        - apiVersion: platform.kratix.io/v1alpha1
          kind: Pipeline
          metadata: {name: p}
          spec:
            containers:
              - name: c
)");
  EXPECT_EQ(rendered(load().errors),
            (std::vector<std::string>{at("bad-promise.yaml") +
                                      ":13:17: missing required field "
                                      "\"spec.workflows.resource.configure[0].spec.containers[0].image\""}));
}

TEST_F(LoaderTest, DuplicateRequestsAndPromiseApisAreErrors) {
  write_valid_platform();
  write_file(dir.path() / "requests/again.yaml", kRequest);
  std::string second = kPromise;
  second.replace(second.find("name: redis\n"), 12, "name: redis-2\n");
  write_file(dir.path() / "promises/second.yaml", second);
  EXPECT_EQ(
      rendered(load().errors),
      (std::vector<std::string>{
          at("requests/cache.yaml") + ":1:1: request \"redis team-a/cache\" is declared twice; first at " +
              at("requests/again.yaml") + ":1:1",
          at("promises/second.yaml") +
              ":1:1: Promise \"redis-2\" serves marketplace.kratix.io/redis, already served by Promise "
              "\"redis\"",
      }));
}

TEST_F(LoaderTest, UnknownKindsAreWarningsNotErrors) {
  write_valid_platform();
  write_file(dir.path() / "extra.yaml",
             "apiVersion: platform.kratix.io/v1alpha1\nkind: Work\nmetadata: {name: h}\n---\n"
             "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: n}\n");
  const LoadResult result = load();
  EXPECT_TRUE(result.errors.empty());
  EXPECT_EQ(rendered(result.warnings),
            (std::vector<std::string>{
                at("extra.yaml") + ":1:1: skipped unknown kind Work in platform.kratix.io",
                at("extra.yaml") + ":5:1: skipped v1 ConfigMap: not a Kratix object",
            }));
}

TEST_F(LoaderTest, MissingDirectoryIsAnError) {
  EXPECT_EQ(
      rendered(load_platform(dir.path() / "nope").errors),
      (std::vector<std::string>{"platform directory " + (dir.path() / "nope").string() + " does not exist"}));
}

}  // namespace
}  // namespace ferry::runner

// ResourceBindings in the platform (platform/resource_binding_parser.h): what is read, how a binding finds
// its request (by its labels, whatever its name, written before or after the request; a long name shortened
// as Kratix shortens it, platform/binding_names.h), and every error's text.
#include <gtest/gtest.h>

#include "core/md5.h"
#include "platform/binding_names.h"
#include "platform/loader.h"
#include "platform/platform.h"
#include "tests/support/platform_texts.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

std::string binding(const std::string& name, const std::string& labels, const std::string& spec) {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: ResourceBinding\nmetadata:\n  name: " + name +
         "\n  namespace: team-a\n  labels: {" + labels + "}\n" + spec;
}

constexpr const char* kKeyLabels = "kratix.io/promise-name: redis, kratix.io/resource-name: cache";

class ResourceBindingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "stores.yaml", kStore);
    write_file(dir.path() / "destinations.yaml", kDestinations);
    write_file(dir.path() / "promise.yaml", kPromise);
    write_file(dir.path() / "request.yaml", kRequest);  // redis team-a/cache
  }
  std::string at(const std::string& relative) const { return (dir.path() / relative).string(); }
  TempDir dir;
};

TEST_F(ResourceBindingTest, ARequestWithoutABindingIsBoundToLatest) {
  const LoadResult loaded = load_platform(dir.path());
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  ASSERT_EQ(loaded.platform.requests.size(), 1u);
  EXPECT_EQ(loaded.platform.requests[0].binding.version, "latest");
  EXPECT_EQ(loaded.platform.requests[0].binding.binding_name, "");
}

// Kratix matches a binding by its two key labels only: any name, and one file sorted before the request's.
TEST_F(ResourceBindingTest, ABindingPinsTheRequestItsLabelsNameWhateverItsName) {
  write_file(dir.path() / "a-binding.yaml",
             binding("any-name", std::string(kKeyLabels) + ", kratix.io/manual-reconciliation: \"true\"",
                     "spec:\n  version: v2\n  promiseRef: {name: redis}\n"
                     "  resourceRef: {name: cache, namespace: team-a}\n"
                     "status: {lastAppliedVersion: v1}\n"));
  const LoadResult loaded = load_platform(dir.path());
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front().render();  // not skipped any more
  const pipeline::RequestBinding& bound = loaded.platform.requests[0].binding;
  EXPECT_EQ(bound.version, "v2");
  EXPECT_EQ(bound.binding_name, "any-name");
  EXPECT_TRUE(bound.manual_reconciliation);
  EXPECT_EQ(bound.where.render(), at("a-binding.yaml") + ":1:1");
}

TEST_F(ResourceBindingTest, AnEmptyVersionIsLatestAndABindingOfAnotherNamespaceWaits) {
  write_file(dir.path() / "binding.yaml", binding("b", kKeyLabels, "spec: {version: \"\"}\n"));
  std::string elsewhere = binding("c", kKeyLabels, "spec: {version: v3}\n");
  elsewhere.replace(elsewhere.find("team-a"), 6, "team-b");
  write_file(dir.path() / "elsewhere.yaml", elsewhere);
  const LoadResult loaded = load_platform(dir.path());
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  EXPECT_EQ(loaded.platform.bindings.size(), 2u);
  EXPECT_EQ(loaded.platform.requests[0].binding.version, "latest");
  EXPECT_EQ(loaded.platform.requests[0].binding.binding_name, "b");
}

TEST_F(ResourceBindingTest, ErrorsNameTheLabelTheFieldAndTheSecondBinding) {
  write_file(dir.path() / "binding.yaml",
             binding("b", "kratix.io/promise-name: redis", "spec: {version: v2}\n") + "---\n" +
                 binding("c", kKeyLabels, "spec: {versoin: v2}\n") + "---\n" +
                 binding("d", kKeyLabels, "spec: {version: v2}\n") + "---\n" +
                 binding("e", kKeyLabels, "spec: {version: v3}\n"));
  const LoadResult loaded = load_platform(dir.path());
  std::vector<std::string> errors;
  for (const Error& e : loaded.errors) errors.push_back(e.render());
  const std::string file = at("binding.yaml");
  EXPECT_EQ(errors,
            (std::vector<std::string>{
                file + ":1:1: ResourceBinding needs the label kratix.io/resource-name: Kratix finds a "
                       "binding's request by its labels kratix.io/promise-name and kratix.io/resource-name",
                file + ":15:8: unknown field \"versoin\" in \"spec\"; did you mean \"version\"?",
                file + ":25:1: request team-a/cache of Promise redis has two ResourceBindings: d (" + file +
                    ":17:1) and e; keep one"}));
}

// Kratix's names (its lib/objectutil/name.go): at most 63 characters, the end of a shortened name cut back
// to a letter or digit, and five hex digits of md5 of the whole name.
TEST(BindingNames, AreShortenedAsKratixShortensThem) {
  EXPECT_EQ(deterministic_object_name("upgrade-rr-one-upgrade"), "upgrade-rr-one-upgrade-62cd3");
  const std::string long_name = std::string(55, 'x') + "-" + std::string(20, 'y');  // 76 characters
  EXPECT_EQ(deterministic_object_name(long_name), std::string(55, 'x') + "-4d1c9");
  EXPECT_EQ(resource_name_label_value(long_name), std::string(55, 'x') + "-4d1c9");
  EXPECT_EQ(resource_name_label_value(std::string(63, 'a')), std::string(63, 'a'));  // fits: kept
  EXPECT_EQ(resource_name_label_value(std::string(64, 'a')),
            std::string(56, 'a') + "-" + md5_hex(std::string(64, 'a')).substr(0, 5));
  pipeline::Request request;
  request.name = long_name;
  request.promise = "upgrade";
  request.object_yaml =
      "metadata:\n  name: n\n  labels: {team: a, kratix.io/manual-reconciliation: \"true\"}\n";
  const BindingIdentity derived = binding_identity(request);
  EXPECT_EQ(derived.name, std::string(55, 'x') + "-58b0c");  // of "<request>-<promise>", 84 characters
  EXPECT_EQ(derived.labels, (Labels{{"kratix.io/promise-name", "upgrade"},
                                    {"kratix.io/resource-name", std::string(55, 'x') + "-4d1c9"},
                                    {"team", "a"}}));
  request.binding.binding_name = "declared";
  request.binding.manual_reconciliation = true;
  EXPECT_EQ(binding_identity(request).name, "declared");
  EXPECT_EQ(binding_identity(request).labels.at("kratix.io/manual-reconciliation"), "true");
}

}  // namespace
}  // namespace ferry::runner

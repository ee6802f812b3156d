// v1 Namespace objects in the platform (the labels a PlacementPolicy's namespaceSelector selects, seed 004)
// and the namespaceSelector itself: what is read, which policies govern a request, and every error's text.
#include <gtest/gtest.h>

#include "platform/loader.h"
#include "platform/platform.h"
#include "tests/support/load_errors.h"
#include "tests/support/platform_texts.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

std::string kcp_policy(const std::string& name, const std::string& namespaces) {
  return "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: " + name +
         "}\nspec:\n  promises: [redis]\n  locationSelectors: [{matchLabels: {cloud: aws}}]\n" + namespaces;
}

class NamespaceObjectsTest : public ferry::testing::PlatformLoadTest {
 protected:
  void SetUp() override {
    write_file(dir.path() / "stores.yaml", kStore);
    write_file(dir.path() / "destinations.yaml", kDestinations);
    write_file(dir.path() / "promise.yaml", kPromise);
    write_file(dir.path() / "request.yaml", kRequest);  // namespace team-a
  }
};

TEST_F(NamespaceObjectsTest, ANamespaceObjectGivesItsLabelsAndOneWithoutAnObjectHasNone) {
  write_file(dir.path() / "namespaces.yaml",
             "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n  labels: {app: foo}\n"
             "spec: {finalizers: [kubernetes]}\nstatus: {phase: Active}\n");
  const LoadResult loaded = load_platform(dir.path());
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front().render();  // not skipped any more
  ASSERT_EQ(loaded.platform.namespaces.size(), 1u);
  EXPECT_EQ(loaded.platform.namespace_labels("team-a"), (Labels{{"app", "foo"}}));
  EXPECT_EQ(loaded.platform.namespace_labels("team-b"), Labels{});
}

TEST_F(NamespaceObjectsTest, ADuplicateNamespaceIsAnErrorAtTheSecond) {
  write_file(dir.path() / "namespaces.yaml",
             "apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a}\n---\n"
             "apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a, labels: {app: foo}}\n");
  EXPECT_EQ(errors(), (std::vector<std::string>{at("namespaces.yaml") +
                                                ":5:1: Namespace \"team-a\" is declared twice; first at " +
                                                at("namespaces.yaml") + ":1:1"}));
}

TEST_F(NamespaceObjectsTest, ANamespaceHasStrictFieldsAKubernetesNameAndNoNamespace) {
  write_file(dir.path() / "a.yaml",
             "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\nspec: {finaliser: []}\n");
  write_file(dir.path() / "b.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: b, namespace: x}\n");
  write_file(dir.path() / "c.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: Team_C}\n");
  const std::vector<std::string> found = errors();
  ASSERT_EQ(found.size(), 3u) << ::testing::PrintToString(found);
  EXPECT_EQ(found[0],
            at("a.yaml") + ":4:8: unknown field \"finaliser\" in \"spec\"; did you mean \"finalizers\"?");
  EXPECT_EQ(found[1], at("b.yaml") + ":3:32: a Namespace is not namespaced; remove \"metadata.namespace\"");
  EXPECT_TRUE(found[2].starts_with(at("c.yaml") + ":3:18: ")) << found[2];
  EXPECT_NE(found[2].find("Team_C"), std::string::npos) << found[2];
}

// Seed 004: a Placement binds the namespaces its namespaceSelector selects; without one, every namespace.
TEST_F(NamespaceObjectsTest, NamespaceSelectorsChooseTheGoverningPlacements) {
  write_file(dir.path() / "namespaces.yaml",
             "apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a, labels: {app: foo}}\n");
  write_file(dir.path() / "policies.yaml",
             kcp_policy("foo", "  namespaceSelector: {matchLabels: {app: foo}}\n") + "---\n" +
                 kcp_policy("bar",
                            "  namespaceSelector:\n    matchExpressions: [{key: app, operator: In, "
                            "values: [bar]}]\n") +
                 "---\n" + kcp_policy("all", ""));
  const LoadResult loaded = load_platform(dir.path());
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  const Platform& p = loaded.platform;
  ASSERT_EQ(p.requests.size(), 1u);
  const auto governing = p.policies_for(p.requests[0]);
  ASSERT_EQ(governing.size(), 2u);
  EXPECT_EQ(governing[0]->name, "foo");
  EXPECT_EQ(governing[1]->name, "all");
  pipeline::Request elsewhere = p.requests[0];
  elsewhere.namespace_ = "team-b";  // no Namespace object: no labels
  ASSERT_EQ(p.policies_for(elsewhere).size(), 1u);
  EXPECT_EQ(p.policies_for(elsewhere)[0]->name, "all");
}

TEST_F(NamespaceObjectsTest, ABadNamespaceSelectorIsRefusedAtItsNode) {
  write_file(dir.path() / "policies.yaml",
             kcp_policy("foo", "  namespaceSelector: {matchExpressions: [{key: app, operator: Near}]}\n"));
  const std::vector<std::string> found = errors();
  ASSERT_EQ(found.size(), 1u) << ::testing::PrintToString(found);
  EXPECT_TRUE(found[0].starts_with(at("policies.yaml") + ":7:")) << found[0];
  EXPECT_NE(found[0].find("spec.namespaceSelector.matchExpressions[0]"), std::string::npos) << found[0];
}

// Several policies may name one Promise only when all are KCP Placements.
TEST_F(NamespaceObjectsTest, SeveralPlacementsMayGovernOnePromiseButNotBesideAnotherPolicy) {
  write_file(dir.path() / "policies.yaml", kcp_policy("one", "") + "---\n" + kcp_policy("two", ""));
  EXPECT_EQ(errors(), std::vector<std::string>{});
  write_file(dir.path() / "z-plain.yaml",
             "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: plain}\n"
             "spec:\n  promises: [redis]\n");
  EXPECT_EQ(
      errors(),
      (std::vector<std::string>{
          at("z-plain.yaml") + ":5:14: Promise \"redis\" is already governed by PlacementPolicy \"one\" at " +
          at("policies.yaml") +
          ":5:14; a Promise takes one PlacementPolicy, or several that all have locationSelectors (KCP "
          "Placements)"}));
}

}  // namespace
}  // namespace ferry::runner

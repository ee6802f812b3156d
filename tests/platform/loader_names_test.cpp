// Loading a platform whose objects break the Kubernetes name and label rules, or whose kinds are misspelt:
// each problem is an error at the offending value, with the rule or the kind ferry expected.
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

const std::string kObjectRule =
    "use at most 253 lower-case letters, digits, '-' and '.', each part between dots starting and ending "
    "with "
    "a letter or digit (an RFC 1123 subdomain)";
const std::string kRequestRule =
    "use at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with "
    "a "
    "letter or digit (an RFC 1123 subdomain, which Kratix limits to 63 characters for requests)";
const std::string kNamespaceRule =
    "use at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit (an RFC "
    "1123 "
    "label)";
const std::string kKeyRule =
    "use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', "
    "starting "
    "and ending with a letter or digit";
const std::string kValueRule =
    "use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, or an "
    "empty "
    "value";

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

class LoaderNames : public ::testing::Test {
 protected:
  std::string at(const std::string& relative) const { return (dir.path() / relative).string(); }
  // The platform of platform_texts.h with one file's text changed; the rendered errors of loading it.
  std::vector<std::string> errors_with(const std::string& file, const std::string& text) {
    for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
      std::filesystem::remove_all(entry);
    write_file(dir.path() / "stores.yaml", kStore);
    write_file(dir.path() / "destinations.yaml", kDestinations);
    write_file(dir.path() / "promises.yaml", kPromise);
    write_file(dir.path() / "requests.yaml", kRequest);
    write_file(dir.path() / file, text);
    return ferry::testing::load_errors(dir.path());
  }
  using Errors = std::vector<std::string>;
  TempDir dir;
};

TEST_F(LoaderNames, TheFixturesOfTheseTestsLoadCleanly) {
  EXPECT_EQ(errors_with("extra.yaml", ""), Errors{});
}

TEST_F(LoaderNames, EachKindsNameIsCheckedAtItsValue) {
  EXPECT_EQ(errors_with("promises.yaml", replaced(kPromise, "name: redis\n", "name: Redis\n")),
            Errors{at("promises.yaml") +
                   ":4:9: \"metadata.name\" \"Redis\" is not a valid Kubernetes object "
                   "name: it contains 'R'; " +
                   kObjectRule});
  EXPECT_EQ(errors_with("destinations.yaml", replaced(kDestinations, "name: dev\n", "name: -dev\n")),
            Errors{at("destinations.yaml") +
                   ":4:9: \"metadata.name\" \"-dev\" is not a valid Kubernetes object "
                   "name: it starts with '-'; " +
                   kObjectRule});
  EXPECT_EQ(
      errors_with("stores.yaml", replaced(kStore, "name: default\n", "name: \"my store\"\n")),
      (Errors{at("stores.yaml") +
                  ":4:9: \"metadata.name\" \"my store\" is not a valid Kubernetes object "
                  "name: it contains a space; " +
                  kObjectRule,
              at("destinations.yaml") +
                  ":1:1: Destination \"dev\" refers to GitStateStore \"default\", which is not declared",
              at("destinations.yaml") +
                  ":10:1: Destination \"prod\" refers to GitStateStore \"default\", which is not declared"}));
  EXPECT_EQ(errors_with("requests.yaml", replaced(kRequest, "name: cache\n", "name: cache..a\n")),
            Errors{at("requests.yaml") +
                   ":4:9: \"metadata.name\" \"cache..a\" is not a valid request name: it "
                   "has \"..\"; " +
                   kRequestRule});
}

TEST_F(LoaderNames, LengthsAreKubernetesOwn) {
  const std::string n253(253, 'd');
  EXPECT_EQ(errors_with("destinations.yaml", replaced(kDestinations, "name: dev\n", "name: " + n253 + "\n")),
            Errors{});
  EXPECT_EQ(errors_with("destinations.yaml", replaced(kDestinations, "name: dev\n", "name: d" + n253 + "\n")),
            Errors{at("destinations.yaml") + ":4:9: \"metadata.name\" \"" + std::string(64, 'd') +
                   "\"... (254 characters) is not a valid Kubernetes object name: it has 254 characters; " +
                   kObjectRule});
  EXPECT_EQ(errors_with("requests.yaml",
                        replaced(kRequest, "name: cache\n", "name: " + std::string(63, 'c') + "\n")),
            Errors{});
  EXPECT_EQ(errors_with("requests.yaml",
                        replaced(kRequest, "name: cache\n", "name: " + std::string(64, 'c') + "\n")),
            Errors{at("requests.yaml") + ":4:9: \"metadata.name\" \"" + std::string(64, 'c') +
                   "\" is not a valid request name: it has 64 characters; " + kRequestRule});
  EXPECT_EQ(errors_with("requests.yaml", replaced(kRequest, "team-a", std::string(64, 't'))),
            Errors{at("requests.yaml") + ":5:14: \"metadata.namespace\" \"" + std::string(64, 't') +
                   "\" is not a valid namespace: it has 64 characters; " + kNamespaceRule});
}

// A Promise with a bad selector is not loaded, like any Promise with a bad field: its requests have none.
TEST_F(LoaderNames, LabelsAndPromiseSelectorsAreCheckedKeyByKey) {
  EXPECT_EQ(errors_with("destinations.yaml", replaced(kDestinations, "{env: dev}", "{env: \"a b\"}")),
            Errors{at("destinations.yaml") +
                   ":5:17: \"metadata.labels.env\" \"a b\" is not a valid label value: "
                   "it contains a space; " +
                   kValueRule});
  EXPECT_EQ(errors_with("destinations.yaml", replaced(kDestinations, "{env: prod}", "{Env/x: prod}")),
            Errors{at("destinations.yaml") +
                   ":14:12: \"metadata.labels\" key \"Env/x\" is not a valid label "
                   "key: its prefix contains 'E'; " +
                   kKeyRule});
  EXPECT_EQ(
      errors_with("promises.yaml", replaced(kPromise, "{env: dev}", "{env: dev-}")),
      (Errors{at("promises.yaml") +
                  ":17:26: \"spec.destinationSelectors[0].matchLabels.env\" \"dev-\" is "
                  "not a valid label value: it ends with '-'; " +
                  kValueRule,
              at("requests.yaml") +
                  ":1:1: kind redis in group marketplace.kratix.io is served by Promise "
                  "\"redis\" at " +
                  at("promises.yaml") +
                  ":1:1, which failed to load (its errors are listed with it); fix the Promise first"}));
  EXPECT_EQ(
      errors_with("promises.yaml",
                  replaced(kPromise, "matchLabels: {env: dev}",
                           "matchExpressions: [{key: \"e v\", operator: In, values: [dev]}]")),
      (Errors{at("promises.yaml") +
                  ":17:32: \"spec.destinationSelectors[0].matchExpressions[0].key\" \"e v\" "
                  "is not a valid label key: it contains a space; " +
                  kKeyRule,
              at("requests.yaml") +
                  ":1:1: kind redis in group marketplace.kratix.io is served by Promise "
                  "\"redis\" at " +
                  at("promises.yaml") +
                  ":1:1, which failed to load (its errors are listed with it); fix the Promise first"}));
  EXPECT_EQ(
      errors_with("promises.yaml", replaced(kPromise, "name: redis\n",
                                            "name: redis\n  labels: {kratix.io/promise-version: v1.0}\n")),
      Errors{});
}

TEST_F(LoaderNames, AKindCloseToOneFerryReadsIsAnErrorWithASuggestion) {
  EXPECT_EQ(
      errors_with("destinations.yaml", replaced(kDestinations, "kind: Destination", "kind: Destinaton")),
      Errors{at("destinations.yaml") +
             ":2:7: unknown kind Destinaton in platform.kratix.io; did you mean Destination?"});
  EXPECT_EQ(
      errors_with("extra.yaml",
                  "apiVersion: platform.kratix.io/v1alpha1\nkind: promise\nmetadata: {name: p}\n"),
      Errors{at("extra.yaml") + ":2:7: unknown kind promise in platform.kratix.io; did you mean Promise?"});
  EXPECT_EQ(
      errors_with("extra.yaml",
                  "apiVersion: platform.kratix.io/v1alpha1\nkind: Locaton\nmetadata: {name: l}\n"),
      Errors{at("extra.yaml") + ":2:7: unknown kind Locaton in platform.kratix.io; did you mean Location in "
                                "scheduling.ferry.dev?"});
}

TEST_F(LoaderNames, AKindCloseToARequestKindIsAnErrorWithASuggestion) {
  // "a-extra.yaml" is read before the Promise: the decision waits until every file is read.
  EXPECT_EQ(
      errors_with("a-extra.yaml",
                  "apiVersion: platform.kratix.io/v1alpha1\nkind: Redis\nmetadata: {name: r}\n"),
      Errors{at("a-extra.yaml") +
             ":2:7: unknown kind Redis in platform.kratix.io; did you mean redis in marketplace.kratix.io?"});
  EXPECT_EQ(
      errors_with("requests.yaml", replaced(kRequest, "kind: redis", "kind: rediss")),
      Errors{at("requests.yaml") +
             ":2:7: no Promise provides kind rediss in group marketplace.kratix.io; did you mean redis?"});
}

TEST_F(LoaderNames, KindsFarFromAnyFerryReadsStayAsTheyWere) {
  EXPECT_EQ(errors_with("extra.yaml",
                        "apiVersion: platform.kratix.io/v1alpha1\nkind: Work\nmetadata: {name: w}\n"
                        "---\napiVersion: v1\nkind: Promis\nmetadata: {name: p}\n"),
            Errors{});
  EXPECT_EQ(
      errors_with("requests.yaml", replaced(kRequest, "kind: redis", "kind: Memcached")),
      Errors{at("requests.yaml") + ":1:1: no Promise provides kind Memcached in group marketplace.kratix.io; "
                                   "declare a Promise whose spec.api serves it"});
}

}  // namespace
}  // namespace ferry::runner

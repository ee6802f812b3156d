// PromiseRelease in the loader (platform/release_loading.h): its document parsed against its table, its body
// from a table-driven ReleaseSource checked and installed as a Promise with the release's labels, and every
// failure a release error at the release's file:line that stops nothing else of the load.
#include <gtest/gtest.h>

#include <map>

#include "platform/loader.h"
#include "platform/promise_release_parser.h"
#include "tests/support/platform_texts.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

constexpr const char* kReleaseUrl = "https://example.com/redis.yaml";

std::string release_text(const std::string& version_line) {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: PromiseRelease\nmetadata: {name: redis}\nspec:\n" +
         version_line + "  sourceRef: {type: http, url: \"" + kReleaseUrl + "\"}\n";
}

// kPromise labelled with `version`.
std::string redis_body(const std::string& version) {
  std::string body = kPromise;
  body.replace(body.find("  name: redis\n"), 14,
               "  name: redis\n  labels: {kratix.io/promise-version: " + version + "}\n");
  return body;
}

// Answers each URL from a table; records what it was asked.
class TableReleaseSource final : public ReleaseSource {
 public:
  std::map<std::string, FetchedRelease> answers;
  std::vector<std::string> asked;
  FetchedRelease fetch(const PromiseRelease& release) override {
    asked.push_back(release.url + " " + release.version);
    return answers.at(release.url);
  }
};

class PromiseReleaseLoad : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "stores.yaml", kStore);
    write_file(dir.path() / "destinations.yml", kDestinations);
    write_file(dir.path() / "releases.yaml", release_text("  version: v1.0.0\n"));
    write_file(dir.path() / "requests/cache.yaml", kRequest);
  }
  std::string at(const std::string& relative) const { return (dir.path() / relative).string(); }
  LoadResult load_with(const std::optional<std::string>& body) {
    source.answers[kReleaseUrl] = FetchedRelease{body, false, std::nullopt, {}};
    return load_platform(dir.path(), &source);
  }
  static std::vector<std::string> rendered_errors(const std::vector<Error>& errors) {
    std::vector<std::string> out;
    for (const Error& e : errors) out.push_back(e.render());
    return out;
  }
  std::string waiting_request() const {
    return at("requests/cache.yaml") +
           ":1:1: no Promise provides kind redis in group marketplace.kratix.io; not run: PromiseRelease "
           "\"redis\" at " +
           at("releases.yaml") + ":1:1 failed and may serve it (its error is listed with it)";
  }

  TempDir dir;
  TableReleaseSource source;
};

TEST_F(PromiseReleaseLoad, InstallsTheFetchedPromiseLabelledAndItServesItsRequests) {
  const LoadResult loaded = load_with(redis_body("v1.0.0"));
  EXPECT_EQ(rendered_errors(loaded.errors), std::vector<std::string>{});
  EXPECT_EQ(rendered_errors(loaded.release_errors), std::vector<std::string>{});
  ASSERT_EQ(loaded.platform.promises.size(), 1u);
  const pipeline::Promise& promise = loaded.platform.promises.front();
  EXPECT_EQ(promise.name, "redis");
  EXPECT_EQ(promise.version, "v1.0.0");
  EXPECT_NE(promise.object_yaml.find("kratix.io/promise-release-name: redis"), std::string::npos)
      << promise.object_yaml;
  ASSERT_EQ(loaded.platform.requests.size(), 1u);
  EXPECT_EQ(loaded.platform.requests.front().promise, "redis");
  EXPECT_EQ(source.asked, std::vector<std::string>{std::string(kReleaseUrl) + " v1.0.0"});
}

TEST_F(PromiseReleaseLoad, AReleaseWithoutAVersionTakesTheFetchedLabel) {
  write_file(dir.path() / "releases.yaml", release_text(""));
  const LoadResult loaded = load_with(redis_body("v1.2.0"));
  EXPECT_EQ(rendered_errors(loaded.release_errors), std::vector<std::string>{});
  ASSERT_EQ(loaded.platform.releases.size(), 1u);
  EXPECT_EQ(loaded.platform.releases.front().version, "v1.2.0");
  ASSERT_EQ(loaded.platform.promises.size(), 1u);
  EXPECT_EQ(loaded.platform.promises.front().version, "v1.2.0");
}

TEST_F(PromiseReleaseLoad, AVersionMismatchIsAReleaseErrorAndItsRequestsWaitWhileTheRestLoads) {
  write_file(dir.path() / "promises/other.yaml", kPromise);  // another Promise of the platform
  const LoadResult loaded = load_with(redis_body("v2.0.0"));
  EXPECT_EQ(rendered_errors(loaded.errors), std::vector<std::string>{});
  EXPECT_EQ(
      rendered_errors(loaded.release_errors),
      (std::vector<std::string>{
          at("releases.yaml") + ":1:1: PromiseRelease \"redis\": the Promise fetched from " + kReleaseUrl +
          " is version v2.0.0, but spec.version is v1.0.0 (Kratix: VersionNotMatching)"}));
  EXPECT_EQ(loaded.platform.promises.size(), 1u);  // promises/other.yaml's
}

TEST_F(PromiseReleaseLoad, ABodyThatIsNoPromiseOrHasNoVersionLabelIsAReleaseError) {
  const std::pair<std::string, std::string> table[] = {
      {"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n",
       "the body of https://example.com/redis.yaml is not a platform.kratix.io Promise (its kind is "
       "ConfigMap)"},
      {std::string(kPromise) + "---\n" + kPromise,
       "the body of https://example.com/redis.yaml must be exactly one Promise document, found 2 documents"},
      {kPromise,
       "the Promise fetched from https://example.com/redis.yaml has no label kratix.io/promise-version "
       "(Kratix: "
       "VersionLabelNotFound)"},
  };
  for (const auto& [body, why] : table) {
    const LoadResult loaded = load_with(body);
    EXPECT_EQ(rendered_errors(loaded.errors), std::vector<std::string>{});
    EXPECT_EQ(rendered_errors(loaded.release_errors),
              (std::vector<std::string>{at("releases.yaml") + ":1:1: PromiseRelease \"redis\": " + why,
                                        waiting_request()}));
  }
}

TEST_F(PromiseReleaseLoad, AFailedFetchKeepsThePromiseInstalledBeforeAtItsOwnVersion) {
  const Error failure =
      make_error(SourceLocation{at("releases.yaml"), 1, 1}, "PromiseRelease \"redis\": down");
  source.answers[kReleaseUrl] = FetchedRelease{redis_body("v0.9.0"), true, failure, {}};
  const LoadResult loaded = load_platform(dir.path(), &source);
  EXPECT_EQ(rendered_errors(loaded.release_errors), std::vector<std::string>{failure.render()});
  ASSERT_EQ(loaded.platform.promises.size(), 1u);
  EXPECT_EQ(loaded.platform.promises.front().version, "v0.9.0");
  EXPECT_EQ(loaded.platform.requests.size(), 1u);
}

TEST_F(PromiseReleaseLoad, WithoutASourceTheReleaseAndItsRequestsAreWarningsNotErrors) {
  const LoadResult loaded = load_platform(dir.path());
  EXPECT_EQ(rendered_errors(loaded.errors), std::vector<std::string>{});
  EXPECT_EQ(rendered_errors(loaded.release_errors), std::vector<std::string>{});
  EXPECT_EQ(rendered_errors(loaded.warnings),
            (std::vector<std::string>{
                at("releases.yaml") +
                    ":1:1: PromiseRelease \"redis\": not fetched by this command; its Promise and the "
                    "requests it serves are not checked",
                at("requests/cache.yaml") +
                    ":1:1: not checked: no Promise provides kind redis in group "
                    "marketplace.kratix.io; PromiseRelease \"redis\" at " +
                    at("releases.yaml") + ":1:1 was not fetched and may serve it"}));
}

TEST(PromiseReleaseParser, ReadsItsFieldsAndRefusesWhatKratixRefuses) {
  auto parsed = [](const std::string& text) {
    auto documents = parse_yaml_stream(text, "r.yaml");
    EXPECT_TRUE(documents.ok());
    return parse_promise_release(documents->front());
  };
  auto good = parsed(
      "apiVersion: platform.kratix.io/v1alpha1\nkind: PromiseRelease\nmetadata: {name: pg}\nspec:\n  "
      "version: v1\n"
      "  sourceRef:\n    url: https://h/p.yaml\n    secretRef: {name: token, namespace: ns}\n");
  ASSERT_TRUE(good.ok()) << good.error().render();
  EXPECT_EQ(good->name, "pg");
  EXPECT_EQ(good->version, "v1");
  EXPECT_EQ(good->url, "https://h/p.yaml");
  ASSERT_TRUE(good->secret_ref.has_value());
  EXPECT_EQ(good->secret_ref->name, "token");
  const std::string head =
      "apiVersion: platform.kratix.io/v1alpha1\nkind: PromiseRelease\nmetadata: {name: pg}\nspec:\n";
  const std::pair<std::string, std::string> refused[] = {
      {head + "  sourceRef: {type: git, url: https://h/p}\n",
       "r.yaml:5:21: \"spec.sourceRef.type\" must be http (the only type Kratix has), found git"},
      {head + "  sourceRef: {type: http}\n", "r.yaml:5:14: missing required field \"spec.sourceRef.url\""},
      {head + "  sourceRef: {url: ftp://h/p}\n",
       "r.yaml:5:20: \"spec.sourceRef.url\" must be an https:// (or http://) URL, found ftp://h/p"},
      {head + "  sourceref: {url: https://h/p}\n",
       "r.yaml:5:3: unknown field \"sourceref\" in \"spec\"; did you mean \"sourceRef\"?"},
  };
  for (const auto& [text, error] : refused) {
    auto release = parsed(text);
    ASSERT_FALSE(release.ok()) << text;
    EXPECT_EQ(release.error().render(), error);
  }
}

}  // namespace
}  // namespace ferry::runner

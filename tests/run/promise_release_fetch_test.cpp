// CachedReleaseSource (run/promise_release_fetch.h) over the recording HTTP fake and an in-memory state: the
// Authorization header from the Secret, each failure the release's error, the cache written by record() and
// used when there is no answer, the last installed copy kept when a fetch fails, the offline mode of
// `ferry validate`, and one GET per URL and version in a run.
#include "run/promise_release_fetch.h"

#include <gtest/gtest.h>

#include "tests/support/recording_http_client.h"
#include "writer/memory_state_store.h"

namespace ferry::runner {
namespace {

using namespace std::chrono_literals;

constexpr const char* kUrl = "https://example.com/pg.yaml";
const std::string kBody =
    "apiVersion: platform.kratix.io/v1alpha1\nkind: Promise\nmetadata:\n  name: pg\n  labels: "
    "{kratix.io/promise-version: v1.0.0}\nspec: {}\n";

PromiseRelease pg_release(const std::string& url = kUrl) {
  return PromiseRelease{"pg", "v1.0.0", url, std::nullopt, SourceLocation{"platform/pg.yaml", 3, 1}};
}

class ReleaseFetch : public ::testing::Test {
 protected:
  CachedReleaseSource source(ReleaseFetchOptions options = {}) {
    options.secrets = &secrets;
    return CachedReleaseSource(
        http, [this]() -> Result<writer::StateStore*> { return &state; }, options);
  }
  // The file at `path` on the state, read as the fetch reads its cache (the whole releases/ folder).
  std::optional<std::string> state_file(const std::string& path) {
    auto files = state.read_files("releases");
    if (!files) return std::nullopt;
    const auto found = files->find(path);
    if (found == files->end()) return std::nullopt;
    return found->second;
  }

  RecordingHttpClient http;
  writer::MemoryStateStore state{"state"};
  pipeline::EnvironmentSecretSource secrets{[](const std::string& variable) -> std::optional<std::string> {
    if (variable == "FERRY_SECRET_PG_TOKEN_AUTHORIZATIONHEADER") return "Bearer t0ken";
    return std::nullopt;
  }};
};

TEST_F(ReleaseFetch, FetchesWithTheSecretsHeaderAndCachesTheBodyOnRecord) {
  http.answer(kUrl, HttpResponse{200, kBody});
  PromiseRelease release = pg_release();
  release.secret_ref = ReleaseSecretRef{"pg-token", "default", SourceLocation{"platform/pg.yaml", 8, 7}};
  auto fetcher = source();
  const FetchedRelease fetched = fetcher.fetch(release);
  EXPECT_EQ(fetched.body, kBody);
  EXPECT_FALSE(fetched.error.has_value());
  ASSERT_EQ(http.calls().size(), 1u);
  EXPECT_EQ(http.calls()[0].authorization, "Bearer t0ken");
  EXPECT_EQ(http.calls()[0].timeout, 10s);
  EXPECT_EQ(state_file(fetched_cache_path(release)), std::nullopt);  // nothing written before record()
  ASSERT_TRUE(fetcher.record().ok());
  EXPECT_EQ(state_file(fetched_cache_path(release)), kBody);
  EXPECT_EQ(state_file(installed_cache_path(release)), kBody);
  EXPECT_EQ(installed_cache_path(release), "releases/installed/pg.yaml");
  fetcher.fetch(release);
  EXPECT_EQ(http.calls().size(), 1u);  // once per URL and version in a run
}

TEST_F(ReleaseFetch, AMissingSecretKeyIsTheReleasesErrorAndNothingIsFetched) {
  PromiseRelease release = pg_release();
  release.secret_ref = ReleaseSecretRef{"absent", "default", SourceLocation{"platform/pg.yaml", 8, 7}};
  const FetchedRelease fetched = source().fetch(release);
  ASSERT_TRUE(fetched.error.has_value());
  EXPECT_EQ(
      fetched.error->render(),
      "platform/pg.yaml:3:1: PromiseRelease \"pg\": secret \"absent\" has no key \"authorizationHeader\" "
      "available to ferry: set FERRY_SECRET_ABSENT_AUTHORIZATIONHEADER");
  EXPECT_TRUE(http.calls().empty());
}

TEST_F(ReleaseFetch, WithoutAnAnswerTheCachedCopyIsInstalledWithAWarning) {
  http.answer(kUrl, HttpResponse{200, kBody});
  auto first = source();
  first.fetch(pg_release());
  ASSERT_TRUE(first.record().ok());
  http.answer(kUrl, make_error("GET " + std::string(kUrl) + ": cannot connect: Connection refused"));
  const FetchedRelease offline = source().fetch(pg_release());
  EXPECT_EQ(offline.body, kBody);
  EXPECT_FALSE(offline.error.has_value());
  ASSERT_EQ(offline.warnings.size(), 1u);
  EXPECT_EQ(offline.warnings[0].render(),
            "platform/pg.yaml:3:1: PromiseRelease \"pg\": GET https://example.com/pg.yaml: cannot connect: "
            "Connection refused; installed the copy fetched by an earlier run");
}

TEST_F(ReleaseFetch, EachFailureIsTheReleasesErrorAndKeepsThePromiseInstalledBefore) {
  const std::pair<Result<HttpResponse>, std::string> table[] = {
      {make_error("GET https://example.com/pg.yaml: no answer within 10000 ms"),
       "GET https://example.com/pg.yaml: no answer within 10000 ms"},
      {HttpResponse{404, "not found"},
       "GET https://example.com/pg.yaml answered 404; only 200 installs a release (Kratix: "
       "FailedToFetchPromise)"},
      {HttpResponse{200, "apiVersion: v1\nkind: ConfigMap\n"},
       "the body of https://example.com/pg.yaml is not a platform.kratix.io Promise (its kind is ConfigMap)"},
  };
  for (const auto& [answer, why] : table) {
    http.answer(kUrl, answer);
    const FetchedRelease never_installed = source().fetch(pg_release());
    EXPECT_FALSE(never_installed.body.has_value()) << why;
    ASSERT_TRUE(never_installed.error.has_value());
    EXPECT_EQ(never_installed.error->render(), "platform/pg.yaml:3:1: PromiseRelease \"pg\": " + why);
  }
  writer::Change installed;
  installed.files.push_back(writer::FileWrite{"releases/installed/pg.yaml", kBody});
  ASSERT_TRUE(state.apply(installed).ok());
  PromiseRelease moved = pg_release("https://example.com/gone.yaml");
  http.answer(moved.url, HttpResponse{404, ""});
  const FetchedRelease kept = source().fetch(moved);
  EXPECT_EQ(kept.body, kBody);
  EXPECT_TRUE(kept.previous);
  ASSERT_TRUE(kept.error.has_value());
  EXPECT_EQ(
      kept.error->render(),
      "platform/pg.yaml:3:1: PromiseRelease \"pg\": GET https://example.com/gone.yaml answered 404; only 200 "
      "installs a release (Kratix: FailedToFetchPromise); the Promise it installed before stays");
}

TEST_F(ReleaseFetch, PlainHttpIsRefusedUnlessAllowed) {
  const std::string url = "http://example.com/pg.yaml";
  http.answer(url, HttpResponse{200, kBody});
  const FetchedRelease refused = source().fetch(pg_release(url));
  ASSERT_TRUE(refused.error.has_value());
  EXPECT_EQ(
      refused.error->render(),
      "platform/pg.yaml:3:1: PromiseRelease \"pg\": plain http:// is refused (a Promise fetched without TLS "
      "could be altered on the way); use https://, or pass --allow-insecure-http");
  EXPECT_TRUE(http.calls().empty());
  const FetchedRelease allowed = source({.allow_insecure_http = true}).fetch(pg_release(url));
  EXPECT_EQ(allowed.body, kBody);
}

TEST_F(ReleaseFetch, OfflineReadsOnlyTheCacheAndAMissingCopyIsAWarning) {
  const FetchedRelease missing = source({.network = false}).fetch(pg_release());
  EXPECT_FALSE(missing.body.has_value());
  EXPECT_FALSE(missing.error.has_value());
  ASSERT_EQ(missing.warnings.size(), 1u);
  EXPECT_EQ(
      missing.warnings[0].render(),
      "platform/pg.yaml:3:1: PromiseRelease \"pg\": not fetched (this command reads only the copies the "
      "recorded state holds, and it has none of https://example.com/pg.yaml); its Promise and the requests "
      "it serves are not checked");
  writer::Change cached;
  cached.files.push_back(writer::FileWrite{fetched_cache_path(pg_release()), kBody});
  ASSERT_TRUE(state.apply(cached).ok());
  EXPECT_EQ(source({.network = false}).fetch(pg_release()).body, kBody);
  EXPECT_TRUE(http.calls().empty());
}

}  // namespace
}  // namespace ferry::runner

// The load cache (platform/load_cache.h): its format refuses what it cannot trust, and a load through it
// gives exactly what a full load gives (errors included, same text, same order) over random edits of a
// generated platform; a Promise change checks only that Promise's requests again.
#include "platform/load_cache.h"

#include <gtest/gtest.h>
#include <signal.h>

#include "core/cache_file.h"
#include "core/fault_point.h"
#include "platform/document_chunks.h"
#include "platform/load_cache_write.h"
#include "platform/loader.h"
#include "platform/platform_source.h"
#include "tests/platform/random_platform.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using namespace load_cache_testing;

// The property of issue 25: after each random edit, the load through the cache of the load before it (read
// back from its text, as a run reads it) equals a full load.
TEST(LoadCacheTest, RandomEditsLoadThroughTheCacheExactlyAsAFullLoad) {
  std::size_t documents_reused = 0, documents_parsed = 0;  // of changed files, by their keys
  for (unsigned seed = 1; seed <= 12; ++seed) {
    RandomPlatform platform(seed);
    std::optional<LoadCache> cache;
    std::size_t reused = 0, bindings_reused = 0;
    for (int step = 0; step < 60; ++step) {
      const std::vector<PlatformFile> files = platform.files();
      LoadCacheUse use;
      auto decoded = cache ? decode_load_cache(encode_load_cache(*cache)) : Result<LoadCache>(LoadCache{});
      ASSERT_TRUE(decoded) << decoded.error().message;
      if (cache) use.before = &*decoded;
      const LoadResult through_cache = load_platform_files("/platform", files, nullptr, &use);
      ASSERT_EQ(outcome(through_cache), outcome(load_platform_files("/platform", files)))
          << "seed " << seed << " step " << step;
      reused += use.requests_reused;
      bindings_reused += use.bindings_reused;
      documents_reused += use.documents_reused;
      documents_parsed += use.documents_parsed;
      cache = std::move(use.after);
      platform.edit();
    }
    EXPECT_GT(reused, 0u) << "seed " << seed << ": the cache was never used";
    EXPECT_GT(bindings_reused, 0u) << "seed " << seed << ": no binding was taken from the cache";
  }
  EXPECT_GT(documents_reused, 500u) << "too few documents of changed files were taken from the cache";
  EXPECT_GT(documents_parsed, 100u);
}

std::vector<PlatformFile> two_promises(const std::string& p0_size_schema) {
  std::vector<PlatformFile> files = {{"/p/base.yaml", kBase},
                                     {"/p/p0.yaml", promise_text(0, p0_size_schema)},
                                     {"/p/p1.yaml", promise_text(1, "{type: string}")}};
  for (int p = 0; p < 2; ++p) {
    std::string text;
    for (int r = 0; r < 5 + p * 3; ++r) text += "---\n" + request_text(p, "r" + std::to_string(r), "small");
    files.push_back({"/p/requests" + std::to_string(p) + ".yaml", text});
  }
  return files;
}

// A Promise's change checks its own requests again (5) and takes the other Promise's (8) from the cache;
// the load after that, with nothing changed, checks none and leaves the cache unchanged.
TEST(LoadCacheTest, APromiseChangeChecksOnlyItsRequestsAndANoOpChecksNone) {
  LoadCacheUse first;
  ASSERT_TRUE(load_platform_files("/p", two_promises("{type: string}"), nullptr, &first).errors.empty());
  EXPECT_EQ(first.requests_checked, 13u);
  EXPECT_TRUE(first.changed);

  LoadCacheUse changed;
  changed.before = &first.after;
  const LoadResult loaded =
      load_platform_files("/p", two_promises("{type: string, default: x}"), nullptr, &changed);
  EXPECT_TRUE(loaded.errors.empty());
  EXPECT_EQ(changed.requests_checked, 5u);
  EXPECT_EQ(changed.requests_reused, 8u);
  EXPECT_TRUE(changed.changed);

  LoadCacheUse same;
  same.before = &changed.after;
  ASSERT_EQ(outcome(load_platform_files("/p", two_promises("{type: string, default: x}"), nullptr, &same)),
            outcome(loaded));
  EXPECT_EQ(same.requests_checked, 0u);
  EXPECT_EQ(same.requests_reused, 13u);
  EXPECT_FALSE(same.changed);
  EXPECT_EQ(encode_load_cache(same.after), encode_load_cache(changed.after));
}

// Files of ResourceBindings are kept as files of requests are: unchanged, none is parsed (the no-op's cost
// of bindings, bench row 2v); in a changed one the changed binding is parsed again, and its bindings are
// what it now says.
TEST(LoadCacheTest, UnchangedBindingFilesAreTakenFromTheCacheAndAChangedOneIsParsed) {
  auto platform = [](const std::string& version) {
    std::vector<PlatformFile> files = two_promises("{type: string}");
    std::string bindings = binding_text("pin-r0", 0, "r0") + "---\n" + binding_text("pin-r1", 1, "r1");
    files.push_back({"/p/bindings.yaml", bindings.replace(bindings.rfind("v1"), 2, version)});
    return files;
  };
  LoadCacheUse first;
  ASSERT_TRUE(load_platform_files("/p", platform("v1"), nullptr, &first).errors.empty());
  EXPECT_EQ(first.bindings_parsed, 2u);

  LoadCacheUse same;
  same.before = &first.after;
  const LoadResult unchanged = load_platform_files("/p", platform("v1"), nullptr, &same);
  EXPECT_EQ(outcome(unchanged), outcome(load_platform_files("/p", platform("v1"))));
  EXPECT_EQ(same.bindings_reused, 2u);
  EXPECT_EQ(same.bindings_parsed, 0u);
  EXPECT_FALSE(same.changed);

  LoadCacheUse edited;
  edited.before = &same.after;
  const LoadResult pinned = load_platform_files("/p", platform("v7"), nullptr, &edited);
  EXPECT_EQ(outcome(pinned), outcome(load_platform_files("/p", platform("v7"))));
  EXPECT_EQ(edited.bindings_parsed, 1u);  // the other document's text is as cached (per-document keys)
  EXPECT_EQ(edited.bindings_reused, 1u);
  EXPECT_TRUE(edited.changed);
  ASSERT_EQ(pinned.platform.bindings.size(), 2u);
  EXPECT_EQ(pinned.platform.bindings[1].version, "v7");
}

// One file of 200 requests: a change of one checks that one again and takes the 199 others from the
// cache; a request inserted at the top (eight lines with its "---") parses that one and moves every other's
// location, the errors' included, to exactly where a full load puts them.
TEST(LoadCacheTest, AChangedDocumentOfAManyDocumentFileIsTheOnlyOneChecked) {
  auto platform = [](int changed, const std::string& inserted) {
    std::vector<PlatformFile> files = {{"/p/base.yaml", kBase},
                                       {"/p/p0.yaml", promise_text(0, "{type: string}")}};
    std::string text = inserted;
    for (int r = 0; r < 200; ++r) {
      const std::string size = r == changed ? "large" : r % 50 == 7 ? "{not: a string}" : "small";
      text += (r || !inserted.empty() ? "---\n" : "") + request_text(0, "r" + std::to_string(r), size);
    }
    files.push_back({"/p/requests.yaml", text});
    return files;
  };
  LoadCacheUse first;
  (void)load_platform_files("/p", platform(-1, ""), nullptr, &first);
  EXPECT_EQ(first.requests_checked, 200u);
  ASSERT_EQ(first.after.files.at("/p/requests.yaml").keys.size(), 200u);

  LoadCacheUse one;
  one.before = &first.after;
  const auto changed = platform(120, "");
  EXPECT_EQ(outcome(load_platform_files("/p", changed, nullptr, &one)),
            outcome(load_platform_files("/p", changed)));
  EXPECT_EQ(one.requests_checked, 1u);
  EXPECT_EQ(one.requests_reused, 199u);
  EXPECT_EQ(one.documents_parsed, 1u);
  EXPECT_TRUE(one.changed);

  LoadCacheUse above;
  above.before = &one.after;
  const auto inserted = platform(120, request_text(0, "new", "{not: a string}"));
  const LoadResult moved = load_platform_files("/p", inserted, nullptr, &above);
  EXPECT_EQ(outcome(moved), outcome(load_platform_files("/p", inserted)));
  EXPECT_EQ(above.requests_checked, 2u);  // the new one, and the first, whose text gained its "---"
  EXPECT_EQ(above.requests_reused, 199u);
  ASSERT_EQ(moved.errors.size(), 5u);
  EXPECT_EQ(moved.errors[1].render(), "/p/requests.yaml:71:9: spec.size: must be a string, found a map");
}

// A cached request is one immutable object (load_cache.h): the cache left shares it with the cache read,
// for a file taken whole and for a document taken by its key at its old line; a document whose lines moved
// gets a moved copy of its own, and the cache read keeps its request where it was.
TEST(LoadCacheTest, TheCacheLeftSharesEachCachedRequestWithTheCacheRead) {
  auto platform = [](const std::string& above, const std::string& b_size) {
    return std::vector<PlatformFile>{
        {"/p/base.yaml", kBase},
        {"/p/p0.yaml", promise_text(0, "{type: string}")},
        {"/p/whole.yaml", request_text(0, "w", "small")},
        {"/p/requests.yaml", above + request_text(0, "a", "small") + "---\n" + request_text(0, "b", b_size)}};
  };
  LoadCacheUse first;
  (void)load_platform_files("/p", platform("", "small"), nullptr, &first);
  auto request = [](const LoadCache& cache, const std::string& path, std::size_t i) {
    return cache.files.at(path).requests.at(i).request;
  };
  ASSERT_TRUE(request(first.after, "/p/requests.yaml", 1));

  LoadCacheUse same;
  same.before = &first.after;
  (void)load_platform_files("/p", platform("", "large"), nullptr, &same);
  EXPECT_EQ(same.documents_reused, 1u);
  EXPECT_EQ(request(same.after, "/p/whole.yaml", 0), request(first.after, "/p/whole.yaml", 0));
  EXPECT_EQ(request(same.after, "/p/requests.yaml", 0), request(first.after, "/p/requests.yaml", 0));
  EXPECT_NE(request(same.after, "/p/requests.yaml", 1), request(first.after, "/p/requests.yaml", 1));

  LoadCacheUse moved;
  moved.before = &first.after;
  (void)load_platform_files("/p", platform(request_text(0, "new", "small") + "---\n", "small"), nullptr,
                            &moved);
  EXPECT_EQ(request(moved.after, "/p/whole.yaml", 0), request(first.after, "/p/whole.yaml", 0));
  const auto b = request(moved.after, "/p/requests.yaml", 2);
  ASSERT_TRUE(b);
  EXPECT_NE(b, request(first.after, "/p/requests.yaml", 1));
  EXPECT_EQ(b->where.line, request(first.after, "/p/requests.yaml", 1)->where.line + 8);
  EXPECT_EQ(request(first.after, "/p/requests.yaml", 1)->where.line, 9);  // the cache read's, unmoved
}

// A changed document that no Promise serves, above one taken by its key: the file leaves the cache left (as
// a full load leaves it out), only once the document below, which points into its entry, is taken.
TEST(LoadCacheTest, AnUnservedDocumentAboveOneTakenByItsKeyLeavesTheFileOutOfTheCache) {
  auto platform = [](int above_p) {
    return std::vector<PlatformFile>{
        {"/p/base.yaml", kBase},
        {"/p/p0.yaml", promise_text(0, "{type: string}")},
        {"/p/requests.yaml", request_text(above_p, "a", "small") + "---\n" + request_text(0, "b", "small")}};
  };
  LoadCacheUse first;
  (void)load_platform_files("/p", platform(0), nullptr, &first);
  ASSERT_TRUE(first.after.files.contains("/p/requests.yaml"));
  LoadCacheUse next;
  next.before = &first.after;
  EXPECT_EQ(outcome(load_platform_files("/p", platform(5), nullptr, &next)),
            outcome(load_platform_files("/p", platform(5))));
  EXPECT_EQ(next.documents_reused, 1u);
  EXPECT_EQ(next.requests_reused, 1u);
  EXPECT_FALSE(next.after.files.contains("/p/requests.yaml"));
  EXPECT_TRUE(next.changed);
}

// A file is cut at its "---" lines; a file whose lines cannot be cut safely is loaded whole.
TEST(LoadCacheTest, DocumentChunksAreCutAtMarkerLinesOnly) {
  const auto chunks = document_chunks("# head\na: 1\n--- # two\nb: '---'\n ---\n---\n----\n---");
  ASSERT_TRUE(chunks);
  ASSERT_EQ(chunks->size(), 4u);
  EXPECT_EQ((*chunks)[0].text, "# head\na: 1\n");
  EXPECT_EQ((*chunks)[1].text, "--- # two\nb: '---'\n ---\n");
  EXPECT_EQ((*chunks)[1].line, 2);
  EXPECT_EQ((*chunks)[2].text, "---\n----\n");
  EXPECT_EQ((*chunks)[2].line, 5);
  EXPECT_EQ((*chunks)[3].text, "---");
  EXPECT_TRUE(document_chunks("a: 1\r\n---\r\nb: 2\r\n"));
  EXPECT_FALSE(document_chunks("a: 1\r---\rb: 2"));
  EXPECT_FALSE(document_chunks("%YAML 1.2\n---\na: 1\n"));
  EXPECT_FALSE(document_chunks(std::string_view("a\0b", 3)));
  // Wherever they are: a directive on a later line, a carriage return ending the text.
  EXPECT_FALSE(document_chunks("a: 1\n---\nb: 2\n%TAG ! tag:x,2000:\n---\nc: 3\n"));
  EXPECT_FALSE(document_chunks("a: 1\n---\nb: 2\r"));
  EXPECT_TRUE(document_chunks("a: 1\n---\nb: '100%'\n"));
  EXPECT_TRUE(document_chunks(""));
}

LoadCache small_cache() {
  LoadCacheUse use;
  (void)load_platform_files("/p", two_promises("{type: string}"), nullptr, &use);
  return use.after;
}

TEST(LoadCacheTest, ACacheThatCannotBeTrustedIsRefusedWithItsReason) {
  const std::string text = encode_load_cache(small_cache());
  ASSERT_TRUE(decode_load_cache(text));
  std::string flipped = text;
  flipped[text.size() / 2] ^= 1;
  EXPECT_EQ(decode_load_cache(flipped).error().message, "checksum mismatch");
  EXPECT_EQ(decode_load_cache(text.substr(0, text.size() / 2)).error().message, "truncated");
  EXPECT_EQ(decode_load_cache("ferry-load-cache 0\n" + text.substr(text.find('\n') + 1)).error().message,
            "load cache version 0, this ferry reads 6");
  EXPECT_EQ(decode_load_cache("apiVersion: v1\n").error().message, "not a ferry load cache");
}

TEST(LoadCacheTest, AWrittenCacheReadsBackAsItWasAndAMissingOneIsNone) {
  ferry::testing::TempDir dir;
  const auto path = dir.path() / "state.git.load-cache";
  auto missing = read_load_cache(path);
  ASSERT_TRUE(missing);
  EXPECT_FALSE(*missing);
  ASSERT_TRUE(write_load_cache(path, small_cache()));
  auto read = read_load_cache(path);
  ASSERT_TRUE(read && *read);
  EXPECT_EQ(encode_load_cache(**read), encode_load_cache(small_cache()));
}

// A run killed while writing the cache (after the new text is flushed to its temporary file, before the
// rename) leaves the old cache, which reads as it was; the next write replaces it.
TEST(LoadCacheTest, AWriteKilledBeforeItsRenameLeavesTheOldCacheWhole) {
  if (!fault_points_compiled_in()) GTEST_SKIP() << "built without FERRY_FAULT_POINTS";
  // The child runs this test afresh (fault_point() reads FERRY_FAULT_POINT once per process, and other
  // tests have called it), so nothing before EXPECT_EXIT may reach a fault point.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  ferry::testing::TempDir dir;
  const auto path = dir.path() / "state.git.load-cache";
  ferry::testing::write_file(path, encode_load_cache(LoadCache{}));
  EXPECT_EXIT(
      {
        ::setenv("FERRY_FAULT_POINT", "load-cache-write", 1);
        (void)write_load_cache(path, small_cache());
        std::exit(0);
      },
      ::testing::KilledBySignal(SIGKILL), "");
  auto read = read_load_cache(path);
  ASSERT_TRUE(read && *read) << (read ? "none" : read.error().message);
  EXPECT_EQ(encode_load_cache(**read), encode_load_cache(LoadCache{}));
  ASSERT_TRUE(write_load_cache(path, small_cache()));
  EXPECT_EQ(encode_load_cache(**read_load_cache(path)), encode_load_cache(small_cache()));
}

// Through load_platform_source, as a run loads: a corrupt cache is one warning and is rebuilt; the next
// load takes every request from it and writes nothing; --full-load (no cache path) neither reads nor
// writes it.
TEST(LoadCacheTest, ACorruptCacheIsOneWarningAndIsRebuiltThenUsed) {
  ferry::testing::TempDir dir;
  for (const PlatformFile& file : two_promises("{type: string}"))
    ferry::testing::write_file(dir.path() / "platform" / file.path.substr(3), file.text);
  const auto cache_path = dir.path() / "state.git.load-cache";
  ferry::testing::write_file(cache_path,
                             "ferry-load-cache " + std::to_string(kLoadCacheVersion) + "\nnonsense");
  auto source = parse_platform_argument((dir.path() / "platform").string(), "");
  ASSERT_TRUE(source);
  PlatformAccess access;
  access.load_cache = cache_path;

  const LoadResult rebuilt = load_platform_source(*source, access);
  ASSERT_EQ(rebuilt.warnings.size(), 1u);
  EXPECT_EQ(rebuilt.warnings[0].render(), "the load cache " + cache_path.string() +
                                              " is not used (truncated); every file was parsed and the cache "
                                              "is rebuilt");
  EXPECT_EQ(rebuilt.cache_counts.checked, 13u);

  const auto written = std::filesystem::last_write_time(cache_path);
  const LoadResult reused = load_platform_source(*source, access);
  EXPECT_TRUE(reused.warnings.empty());
  EXPECT_EQ(reused.cache_counts.reused, 13u);
  EXPECT_EQ(reused.cache_counts.checked, 0u);
  const std::string rebuilt_outcome = outcome(rebuilt);  // its first line is the warning
  EXPECT_EQ(outcome(reused), rebuilt_outcome.substr(rebuilt_outcome.find('\n') + 1));
  EXPECT_EQ(std::filesystem::last_write_time(cache_path), written);  // a no-op writes nothing

  access.load_cache.clear();
  const LoadResult full = load_platform_source(*source, access);
  EXPECT_EQ(full.cache_counts.reused + full.cache_counts.checked, 0u);
  EXPECT_EQ(outcome(full), outcome(reused));
}

// Through load_platform_source on a plain directory of 200 requests in one file: a change of one request
// leaves the cache file as it was (bytes and time), and each later load parses that request again and gives
// exactly what a full load gives; a change of more than kCacheDeltaUnwritten requests rewrites it, and
// the load after that checks none.
TEST(LoadCacheTest, ASmallChangeLeavesTheCacheFileAloneAndALargeOneRewritesIt) {
  ferry::testing::TempDir dir;
  const auto root = dir.path() / "platform";
  const auto write_platform = [&](int changed_below, const std::string& size) {
    ferry::testing::write_file(root / "base.yaml", kBase);
    ferry::testing::write_file(root / "p0.yaml", promise_text(0, "{type: string}"));
    std::string text;
    for (int r = 0; r < 200; ++r)
      text +=
          (r ? "---\n" : "") + request_text(0, "r" + std::to_string(r), r < changed_below ? size : "small");
    ferry::testing::write_file(root / "requests.yaml", text);
  };
  write_platform(0, "");
  auto source = parse_platform_argument(root.string(), "");
  ASSERT_TRUE(source);
  PlatformAccess access;
  access.load_cache = dir.path() / "state.git.load-cache";
  PlatformAccess full_load;
  const auto load_and_compare = [&](const std::string& step) {
    const LoadResult loaded = load_platform_source(*source, access);
    EXPECT_EQ(outcome(loaded), outcome(load_platform_source(*source, full_load))) << step;
    return loaded.cache_counts;
  };
  EXPECT_EQ(load_and_compare("first").checked, 200u);
  const std::string written = ferry::testing::read_file(access.load_cache);
  const auto written_at = std::filesystem::last_write_time(access.load_cache);

  write_platform(1, "large");
  EXPECT_EQ(load_and_compare("one changed").checked, 1u);
  EXPECT_EQ(ferry::testing::read_file(access.load_cache), written);
  EXPECT_EQ(std::filesystem::last_write_time(access.load_cache), written_at);
  EXPECT_EQ(load_and_compare("one changed, again").checked, 1u);
  EXPECT_EQ(ferry::testing::read_file(access.load_cache), written);

  write_platform(kCacheDeltaUnwritten + 1, "large");
  EXPECT_EQ(load_and_compare("many changed").checked, kCacheDeltaUnwritten + 1);
  EXPECT_NE(ferry::testing::read_file(access.load_cache), written);
  EXPECT_EQ(load_and_compare("after the rewrite").checked, 0u);
}

}  // namespace
}  // namespace ferry::runner

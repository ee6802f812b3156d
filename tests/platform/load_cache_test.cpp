// The load cache (platform/load_cache.h): its format refuses what it cannot trust, and a load through it
// gives exactly what a full load gives (errors included, same text, same order) over random edits of a
// generated platform; a Promise change checks only that Promise's requests again.
#include "platform/load_cache.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <random>

#include "core/fault_point.h"
#include "platform/loader.h"
#include "platform/platform_source.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

std::string promise_text(int p, const std::string& size_schema) {
  const std::string n = std::to_string(p);
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: Promise\nmetadata: {name: p" + n +
         "}\nspec:\n  api:\n    apiVersion: apiextensions.k8s.io/v1\n    kind: CustomResourceDefinition\n"
         "    metadata: {name: things" +
         n + ".g" + n + ".example.com}\n    spec:\n      group: g" + n +
         ".example.com\n      names: {kind: Thing" + n + ", plural: things" + n +
         "}\n      versions:\n        - name: v1\n          served: true\n          storage: true\n"
         "          schema:\n            openAPIV3Schema:\n              type: object\n"
         "              properties:\n                spec:\n                  type: object\n"
         "                  properties:\n                    size: " +
         size_schema + "\n  destinationSelectors:\n    - matchLabels: {env: dev}\n";
}

std::string request_text(int p, const std::string& name, const std::string& size) {
  const std::string n = std::to_string(p);
  return "apiVersion: g" + n + ".example.com/v1\nkind: Thing" + n + "\nmetadata:\n  name: " + name +
         "\n  namespace: default\nspec:\n  size: " + size + "\n";
}

// A ResourceBinding pinning request `request` of Promise p<p>; `labels` replaces its labels when given.
std::string binding_text(const std::string& name, int p, const std::string& request,
                         const std::string& labels = "") {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: ResourceBinding\nmetadata:\n  name: " + name +
         "\n  namespace: default\n  labels: " +
         (labels.empty() ? "{kratix.io/promise-name: p" + std::to_string(p) +
                               ", kratix.io/resource-name: " + request + "}"
                         : labels) +
         "\nspec: {version: v1}\n";
}

constexpr const char* kBase = R"(apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata: {name: default}
spec: {url: state.git}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: dev
  labels: {env: dev}
spec:
  path: dev
  stateStoreRef: {kind: GitStateStore, name: default}
)";

// Everything a load gives that a caller reads, as text: errors and warnings rendered in order, the
// requests with every field, the Promises and Destinations by name, the unserved requests.
std::string outcome(const LoadResult& loaded) {
  std::string text;
  for (const Error& e : loaded.errors) text += "error " + e.render() + "\n";
  for (const Error& w : loaded.warnings) text += "warning " + w.render() + "\n";
  for (const pipeline::Request& r : loaded.platform.requests) {
    text += "request " + r.promise + " " + r.api_version + " " + r.kind + " " + r.namespace_ + "/" + r.name +
            " " + r.where.render() + " " + r.spec_md5 + " " + std::to_string(r.controls.paused) +
            std::to_string(r.controls.manual_reconciliation) + "\n" + r.object_yaml + "\n";
  }
  for (const auto& p : loaded.platform.promises) text += "promise " + p.name + "\n";
  for (const auto& d : loaded.platform.destinations) text += "destination " + d.name + "\n";
  for (const auto& u : loaded.unserved_requests) text += "unserved " + u.kind + " " + u.error.render() + "\n";
  for (const ResourceBinding& b : loaded.platform.bindings) {
    text += "binding " + b.name + " " + b.namespace_ + " " + b.promise + " " + b.request + " " + b.version +
            " " + std::to_string(b.manual_reconciliation) + " " + b.where.render() + "\n";
  }
  for (const pipeline::Request& r : loaded.platform.requests)
    text += "bound " + r.name + " " + r.binding.version + " " + r.binding.binding_name + "\n";
  return text;
}

// A generated platform, edited at random: Promises, request files (valid or not), Destinations, files
// that do not parse, files that mix kinds.
class RandomPlatform {
 public:
  explicit RandomPlatform(unsigned seed) : random_(seed) {
    files_["base.yaml"] = kBase;
    for (int p = 0; p < 3; ++p) files_["promises/p" + std::to_string(p) + ".yaml"] = promise_text(p, kString);
    for (int r = 0; r < 8; ++r) files_[request_path(r)] = request_file(r);
    for (int b = 0; b < 3; ++b) files_[binding_path(b)] = binding_file(b);
  }

  void edit() {
    const int r = pick(12);
    switch (pick(15)) {
      case 11:
        files_[binding_path(pick(4))] = binding_file(r);
        break;
      case 12:  // a binding that does not load: a label missing, or a name no object may have
        files_[binding_path(pick(4))] =
            pick(2) ? binding_text("b" + std::to_string(r), 0, "r0-0", "{kratix.io/promise-name: p0}")
                    : binding_text("Bad_Name", pick(3), "r" + std::to_string(r) + "-0");
        break;
      case 13:  // a request and its binding in one file
        files_[request_path(r)] = request_file(r) + "---\n" + binding_file(r);
        break;
      case 14:
        files_.erase(binding_path(pick(4)));
        break;
      case 0:
        files_[request_path(r)] = request_file(r);
        break;
      case 1:
        files_.erase(request_path(r));
        break;
      case 2:
        files_[request_path(r)] = request_text(pick(4), "bad_name" + std::to_string(r), "small");
        break;
      case 3:
        files_[request_path(r)] = request_text(pick(3), "n" + std::to_string(r), "{not: a string}");
        break;
      case 4:
        files_[request_path(r)] = "kind: [unclosed\n";
        break;
      case 5: {
        const int p = pick(3);
        const char* schemas[] = {kString, "{type: string, default: medium}", "{type: integer}",
                                 "{type: string, enum: [small, large]}"};
        files_["promises/p" + std::to_string(p) + ".yaml"] = promise_text(p, schemas[pick(4)]);
        break;
      }
      case 6:
        files_.erase("promises/p" + std::to_string(pick(3)) + ".yaml");
        break;
      case 7:
        files_["promises/p" + std::to_string(pick(4)) + ".yaml"] = promise_text(pick(4), kString);
        break;
      case 8:
        files_["more/destination.yaml"] = pick(2) ? std::string(kBase) : "";
        break;
      case 9:
        files_[request_path(r)] =
            request_file(r) + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n";
        break;
      default:
        files_[request_path(r)] =
            request_file(r) + "---\n" + request_text(pick(3), "n" + std::to_string(r), "x");
    }
  }

  std::vector<PlatformFile> files() const {
    std::vector<PlatformFile> out;
    for (const auto& [path, text] : files_) out.push_back({"/platform/" + path, text});
    return out;
  }

 private:
  static constexpr const char* kString = "{type: string}";
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(random_); }
  static std::string request_path(int r) { return "requests/r" + std::to_string(r) + ".yaml"; }
  static std::string binding_path(int b) { return "bindings/b" + std::to_string(b) + ".yaml"; }
  // One or two bindings of requests r<r>-0 and r<r>-1 (of any Promise: some pin nothing).
  std::string binding_file(int r) {
    std::string text;
    for (int d = 0, documents = 1 + pick(2); d < documents; ++d) {
      const std::string request = "r" + std::to_string(r) + "-" + std::to_string(d);
      text += (d ? "---\n" : "") +
              binding_text("pin-" + request + "-" + std::to_string(pick(2)), pick(3), request);
    }
    return text;
  }
  std::string request_file(int r) {
    std::string text;
    for (int d = 0, documents = 1 + pick(3); d < documents; ++d) {
      text += (d ? "---\n" : "") + request_text(pick(3), "r" + std::to_string(r) + "-" + std::to_string(d),
                                                pick(2) ? "small" : "large");
    }
    return text;
  }

  std::mt19937 random_;
  std::map<std::string, std::string> files_;
};

// The property of issue 25: after each random edit, the load through the cache of the load before it (read
// back from its text, as a run reads it) equals a full load.
TEST(LoadCacheTest, RandomEditsLoadThroughTheCacheExactlyAsAFullLoad) {
  for (unsigned seed = 1; seed <= 12; ++seed) {
    RandomPlatform platform(seed);
    std::optional<LoadCache> cache;
    std::size_t reused = 0, bindings_reused = 0;
    for (int step = 0; step < 40; ++step) {
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
      cache = std::move(use.after);
      platform.edit();
    }
    EXPECT_GT(reused, 0u) << "seed " << seed << ": the cache was never used";
    EXPECT_GT(bindings_reused, 0u) << "seed " << seed << ": no binding was taken from the cache";
  }
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
// of bindings, bench row 2v); a changed one is parsed again, and its bindings are what it now says.
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
  EXPECT_EQ(edited.bindings_parsed, 2u);
  EXPECT_EQ(edited.bindings_reused, 0u);
  EXPECT_TRUE(edited.changed);
  ASSERT_EQ(pinned.platform.bindings.size(), 2u);
  EXPECT_EQ(pinned.platform.bindings[1].version, "v7");
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
            "load cache version 0, this ferry reads 3");
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

}  // namespace
}  // namespace ferry::runner

// A narrow run's parts (run/kept_requests.h, run/narrow_run.h): the memo's table of requests, kept only
// when every request is a chunk of a file of requests; which requests changed since; and the narrow load,
// which must give those requests exactly as the whole load gives them.
#include "run/narrow_run.h"

#include <gtest/gtest.h>

#include "core/content_digest.h"
#include "platform/loader.h"
#include "run/watched_files.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

namespace fs = std::filesystem;
using ferry::testing::read_file;
using ferry::testing::TempDir;
using ferry::testing::write_file;

class NarrowRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/platform", root(), fs::copy_options::recursive);
  }
  fs::path root() const { return dir.path() / "platform"; }
  fs::path redis() const { return root() / "requests/redis.yaml"; }

  // The memo's table of the platform as it is now, with made-up entries in the report.
  std::optional<KeptRequests> kept() const {
    const LoadResult loaded = load_platform(root());
    EXPECT_TRUE(loaded.errors.empty());
    std::vector<TextSpan> spans;
    for (std::size_t i = 0; i < loaded.platform.requests.size(); ++i) spans.push_back({i * 10, 10});
    return kept_requests_of(loaded.platform, spans);
  }

  // A memo of the platform as it is now: its files and its table.
  QuietRunMemo memo() const {
    QuietRunMemo memo;
    memo.kept = *kept();
    memo.files = *watch_files({root()}, {});
    return memo;
  }

  // As a run plans: the files walked, the digests of those the memo's stat data vouch for taken, the others
  // read by the plan.
  std::optional<NarrowPlan> plan(const QuietRunMemo& memo,
                                 std::optional<HashedText>* read_before = nullptr) const {
    WatchedFiles now = *list_watched_files({root()}, {}, &memo.files);
    return plan_narrow_run(memo, now, read_before);
  }

  // cache-b's size changed in redis.yaml: its text now.
  std::string resize_cache_b() const {
    std::string text = read_file(redis());
    text.replace(text.rfind("size: large"), 11, "size: small");
    write_file(redis(), text);
    return text;
  }

  TempDir dir;
};

TEST_F(NarrowRunTest, KeepsEachRequestWithItsChunkAndEntryInThePlatformsOrder) {
  const std::optional<KeptRequests> table = kept();
  ASSERT_TRUE(table);
  ASSERT_EQ(table->files.size(), 2u);  // requests/apps.yaml, requests/redis.yaml
  EXPECT_EQ(table->files[1].path, redis().string());
  EXPECT_EQ(table->files[1].first, 2u);
  EXPECT_EQ(table->files[1].count, 2u);
  ASSERT_EQ(table->requests.size(), 4u);
  const KeptRequest& cache_b = table->requests[3];
  EXPECT_EQ(cache_b.directory(), "requests/redis/team-b/cache-b");
  const std::string text = read_file(redis());
  EXPECT_EQ(cache_b.chunk_digest, content_digest(text.substr(text.find("---"))));
  EXPECT_EQ(cache_b.text, (TextSpan{30, 10}));
}

TEST_F(NarrowRunTest, KeepsNoTableWhenAFileOfRequestsHoldsAnythingElse) {
  write_file(redis(),
             read_file(redis()) + "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: extra\n");
  EXPECT_FALSE(kept());
}

TEST_F(NarrowRunTest, TheTableReadsBackAsWritten) {
  const KeptRequests table = *kept();
  FieldEncoder out;
  encode_kept_requests(out, table);
  FieldDecoder in(out.text());
  KeptRequests read;
  ASSERT_TRUE(decode_kept_requests(in, read));
  EXPECT_TRUE(in.done());
  EXPECT_EQ(read, table);
  FieldDecoder cut(std::string_view(out.text()).substr(0, out.text().size() - 3));
  KeptRequests partial;
  EXPECT_FALSE(decode_kept_requests(cut, partial) && cut.done());
}

// The memo is decoded while its checksum is still being checked (read_quiet_run_memo): a damaged count
// must fail the decode, not reserve what it says.
TEST(KeptRequestsDecode, ADamagedCountFailsTheDecodeWithoutReservingIt) {
  FieldEncoder out;
  out.number(0);                 // files
  out.number(999999999999999L);  // requests
  out.field("redis");
  FieldDecoder in(out.text());
  KeptRequests kept;
  EXPECT_FALSE(decode_kept_requests(in, kept));
  EXPECT_LT(kept.requests.capacity(), 10u);
}

TEST_F(NarrowRunTest, PlansTheChangedDocumentsAndLoadsThemAtTheirLines) {
  const QuietRunMemo before = memo();
  std::string text = read_file(redis());
  // cache-b's size, and a line more in cache-a, which moves cache-b down a line.
  text.replace(text.rfind("size: large"), 11, "size: small");
  text.replace(text.find("spec:\n"), 6, "spec:\n  # a note\n");
  write_file(redis(), text);
  const std::optional<NarrowPlan> narrow = plan(before);
  ASSERT_TRUE(narrow);
  EXPECT_EQ(narrow->changed, (std::vector<std::size_t>{2, 3}));  // cache-a's text changed too
  EXPECT_EQ(narrow->changed_digests[1], content_digest(text.substr(text.find("---"))));
  EXPECT_TRUE(narrow->replaced.at((root() / "requests/apps.yaml").string()).empty());  // not read

  const LoadResult whole = load_platform(root());
  const LoadResult narrowed = load_platform_replacing(root(), narrow->replaced);
  ASSERT_TRUE(narrow_load_matches(narrowed, before, *narrow));
  ASSERT_EQ(narrowed.platform.requests.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const pipeline::Request& a = narrowed.platform.requests[i];
    const pipeline::Request& b = whole.platform.requests[2 + i];
    EXPECT_EQ(a.where, b.where);
    EXPECT_EQ(a.object_yaml, b.object_yaml);
    EXPECT_EQ(a.spec_md5, b.spec_md5);
  }
}

// Asked to, the memo's check also cuts and hashes a changed file's chunks, and the plan takes those.
TEST_F(NarrowRunTest, TakesTheChunksTheMemosCheckHashedForAFileOfRequests) {
  const QuietRunMemo before = memo();
  const std::string text = resize_cache_b();
  std::optional<HashedText> read;
  std::vector<std::string> asked;
  EXPECT_FALSE(same_files(before.files, {root()}, {}, false, &read, [&](const std::string& path) {
    asked.push_back(path);
    return is_kept_request_file(before, path);
  }));
  // Asked for each file it read (here every one, all in the memo's racy window), up to the changed one.
  ASSERT_FALSE(asked.empty());
  EXPECT_EQ(asked.back(), redis().string());
  ASSERT_TRUE(read && read->chunks && read->chunks->chunks);
  ASSERT_EQ(read->chunks->digests.size(), read->chunks->chunks->size());
  EXPECT_EQ(read->chunks->digests.back(), content_digest(text.substr(text.find("---"))));
  // Told apart from hashing again: the digest taken is the one handed over.
  read->chunks->digests.back() = "handed over";
  std::optional<NarrowPlan> narrow = plan(before, &read);
  ASSERT_TRUE(narrow);
  EXPECT_EQ(narrow->changed_digests, std::vector<std::string>{"handed over"});
  EXPECT_FALSE(is_kept_request_file(before, (root() / "platform.yaml").string()));
}

// The memo's check (same_files) read and hashed the changed file already: the plan takes that text, not the
// file's again, while the file has the stat data it had then.
TEST_F(NarrowRunTest, TakesTheTextTheMemosCheckReadWhileTheFileIsAsItWasThen) {
  const QuietRunMemo before = memo();
  const std::string text = resize_cache_b();
  std::optional<HashedText> read;
  EXPECT_FALSE(same_files(before.files, {root()}, {}, false, &read));
  ASSERT_TRUE(read);
  EXPECT_EQ(read->file.path, redis().string());
  EXPECT_EQ(read->file.digest, content_digest(text));
  EXPECT_EQ(*read->text, text);
  EXPECT_FALSE(read->chunks);  // not asked for
  // Told apart from the file's: the text taken is the one handed over.
  std::string handed = text;
  handed.replace(handed.rfind("size: small"), 11, "size: tiny!");
  read->text = std::make_unique<const std::string>(handed);
  std::optional<NarrowPlan> narrow = plan(before, &read);
  ASSERT_TRUE(narrow);
  EXPECT_EQ(narrow->changed_digests.at(0), content_digest(handed.substr(handed.find("---"))));

  // Stat data other than the walk's now: the file is read again.
  read->file.stat.size += 1;
  narrow = plan(before, &read);
  ASSERT_TRUE(narrow);
  EXPECT_EQ(narrow->changed_digests.at(0), content_digest(text.substr(text.find("---"))));
}

TEST_F(NarrowRunTest, PlansNothingForADocumentAddedOrAnotherFileChanged) {
  const QuietRunMemo before = memo();
  EXPECT_FALSE(plan(before));  // nothing changed
  const std::string text = read_file(redis());
  write_file(redis(), text + "---\n" + text.substr(0, text.find("---")));
  EXPECT_FALSE(plan(before));  // three documents where two were kept
  write_file(redis(), text);
  const fs::path promise = root() / "promises/redis.yaml";
  write_file(promise, read_file(promise) + "# note\n");
  EXPECT_FALSE(plan(before));
}

TEST_F(NarrowRunTest, ALoadThatGivesOtherRequestsOrWarningsIsNotNarrow) {
  const QuietRunMemo before = memo();
  std::string text = read_file(redis());
  write_file(redis(), text.replace(text.find("name: cache-a"), 13, "name: cache-z"));
  const std::optional<NarrowPlan> narrow = plan(before);
  ASSERT_TRUE(narrow);
  EXPECT_FALSE(narrow_load_matches(load_platform_replacing(root(), narrow->replaced), before, *narrow));
}

// Scheduling that reads the other requests' placements (placement/run_scheduling.h) needs them all loaded.
constexpr const char* kApartPolicy = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: PlacementPolicy
metadata:
  name: caches-apart
spec:
  promises: [redis]
  predicates:
    workloadAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: cache}}
        topologyKey: zone
)";

TEST_F(NarrowRunTest, KeepsNoTableWhenAPolicyReadsTheOtherRequestsPlacements) {
  ASSERT_TRUE(kept());
  write_file(root() / "policies.yaml", kApartPolicy);
  EXPECT_FALSE(kept());
}

TEST_F(NarrowRunTest, ALoadWhosePoliciesReadTheOtherRequestsPlacementsIsNotNarrow) {
  const QuietRunMemo before = memo();
  std::string text = read_file(redis());
  write_file(redis(), text.replace(text.find("size: "), 6, "size:  "));
  const std::optional<NarrowPlan> narrow = plan(before);
  ASSERT_TRUE(narrow);
  LoadResult loaded = load_platform_replacing(root(), narrow->replaced);
  ASSERT_TRUE(narrow_load_matches(loaded, before, *narrow));
  for (const bool location : {false, true}) {
    LoadResult with = loaded;
    scheduler::PlacementPolicy policy;
    policy.name = "reads-others";
    if (location) {
      policy.location_selectors.emplace_back();
    } else {
      policy.workload_affinity.preferred.push_back({50, {{}, "zone"}});
    }
    with.platform.policies.push_back(policy);
    EXPECT_FALSE(narrow_load_matches(with, before, *narrow)) << (location ? "Location" : "workload");
  }
}

}  // namespace
}  // namespace ferry::runner

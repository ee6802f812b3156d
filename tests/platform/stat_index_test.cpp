// The stat index of a plain-directory platform (platform/stat_index.h): a file whose stat data are those
// cached is not read, any other is, and a load through it gives exactly what a full load gives over random
// edits, including edits that keep a file's size and mtime, a file replaced by another of the same stat data
// but another inode, and a change within the timestamp tick of the read (the racy rule).
#include "platform/stat_index.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <random>
#include <thread>

#include "core/content_digest.h"
#include "platform/load_cache_write.h"
#include "platform/loader.h"
#include "tests/platform/random_platform.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using namespace load_cache_testing;
namespace fs = std::filesystem;

constexpr long kSecond = 1'000'000'000L;
const long kOld = stat_index_now_ns() - 3600 * kSecond;  // files' mtime: an hour ago, never racy

void set_mtime(const fs::path& path, long ns) {
  const timespec times[2] = {{ns / kSecond, ns % kSecond}, {ns / kSecond, ns % kSecond}};
  ASSERT_EQ(utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << path;
}

// Writes `texts` below `root` (by relative path) with mtime kOld, removing the files `written` had that
// `texts` has not; a file whose text is unchanged is left alone.
void write_platform(const fs::path& root, const std::map<std::string, std::string>& texts,
                    std::map<std::string, std::string>& written) {
  for (const auto& [path, text] : written)
    if (!texts.contains(path)) fs::remove(root / path);
  for (const auto& [path, text] : texts) {
    if (written.contains(path) && written.at(path) == text) continue;
    ferry::testing::write_file(root / path, text);
    set_mtime(root / path, kOld);
  }
  written = texts;
}

// The same text with one "small" made "large" or the other way round: another text of the same size.
std::string same_size_edit(std::string text) {
  const auto small = text.find("small"), large = text.find("large");
  if (small != std::string::npos) return text.replace(small, 5, "large");
  if (large != std::string::npos) return text.replace(large, 5, "small");
  return text.empty() ? text : text.replace(0, 1, text[0] == '#' ? "%" : "#");
}

// One load of `root` through `cache` (read back from its text, as a run reads it), which must equal a full
// load; returns the cache it leaves. With no racy slack (`use.racy_slack_ns` 0, so that a test need not wait
// two seconds), the load starts a few timestamp ticks after the files' last change.
LoadCache load_and_compare(const fs::path& root, const LoadCache& cache, LoadCacheUse& use,
                           const std::string& context, bool* worth_writing = nullptr) {
  if (use.racy_slack_ns == 0) std::this_thread::sleep_for(std::chrono::milliseconds(15));
  auto decoded = decode_load_cache(encode_load_cache(cache));
  EXPECT_TRUE(decoded) << decoded.error().message;
  use.before = &*decoded;
  const std::string through_index = outcome(load_platform(root, nullptr, &use));
  EXPECT_EQ(through_index, outcome(load_platform(root))) << context;
  if (worth_writing) *worth_writing = load_cache_worth_writing(use);  // `use.before` is gone after return
  return std::move(use.after);
}

// A file's text changed after the load that cached it, its stat data kept: as if the change came within
// the timestamp tick of that load's read (same size, mtime and ctime), or as a new file renamed over it
// (another inode, nothing else different). The cache is made to hold the stat data the file has now (the
// inode it had before, for the second), with an index time in the tick of the change (racy) or an hour
// ahead (so that only the inode tells).
enum class Trick { racy_same_tick, other_inode };

void change_behind_the_index(const fs::path& file, LoadCache& cache, Trick trick) {
  const std::string text = same_size_edit(ferry::testing::read_file(file));
  const auto before = stat_of(file);
  if (trick == Trick::other_inode) {
    ferry::testing::write_file(file.string() + ".new", text);
    fs::rename(file.string() + ".new", file);
  } else {
    ferry::testing::write_file(file, text);
  }
  set_mtime(file, before->mtime_ns);
  auto cached = cache.files.find(file.lexically_normal().string());
  if (cached == cache.files.end()) return;
  cached->second.stat = *stat_of(file);
  if (trick == Trick::other_inode) cached->second.stat.inode = before->inode;
  cache.index_ns =
      trick == Trick::racy_same_tick ? cached->second.stat.ctime_ns : stat_index_now_ns() + 3600 * kSecond;
}

TEST(StatIndexTest, RandomEditsOfADirectoryLoadThroughTheIndexExactlyAsAFullLoad) {
  std::size_t unread = 0, hashed = 0;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    ferry::testing::TempDir dir;
    const fs::path root = dir.path() / "platform";
    RandomPlatform platform(seed);
    std::mt19937 random(seed);
    std::map<std::string, std::string> written;
    LoadCache cache;
    for (int step = 0; step < 30; ++step) {
      write_platform(root, platform.texts(), written);
      const std::string context = "seed " + std::to_string(seed) + " step " + std::to_string(step);
      auto file = written.begin();
      std::advance(file, std::uniform_int_distribution<std::size_t>(0, written.size() - 1)(random));
      const fs::path path = root / file->first;
      switch (std::uniform_int_distribution<int>(0, 4)(random)) {
        case 0:  // touched: another mtime, the same text
          set_mtime(path, kOld + kSecond * (step + 1));
          break;
        case 1:  // another text of the same size and mtime (its ctime differs)
          ferry::testing::write_file(path, same_size_edit(file->second));
          set_mtime(path, kOld);
          break;
        case 2:
          change_behind_the_index(path, cache, Trick::racy_same_tick);
          break;
        case 3:
          change_behind_the_index(path, cache, Trick::other_inode);
          break;
        default:
          break;
      }
      file->second = ferry::testing::read_file(path);
      LoadCacheUse use;
      use.racy_slack_ns = 0;
      cache = load_and_compare(root, cache, use, context);
      unread += use.unread.size();
      hashed += use.files_hashed;
      platform.edit();
    }
  }
  EXPECT_GT(unread, 100u) << "the stat index left too few files unread to be tested";
  EXPECT_GT(hashed, 100u);
}

// `touch` of every file: every file is read and hashed, no request is checked again, the load gives what it
// gave, and the stat data are recorded, so that the load after it reads no file.
TEST(StatIndexTest, TouchingEveryFileHashesEachOnceAndChecksNoRequest) {
  ferry::testing::TempDir dir;
  const fs::path root = dir.path() / "platform";
  std::map<std::string, std::string> written;
  write_platform(root, RandomPlatform(7).texts(), written);
  LoadCacheUse first, untouched, touched, after;
  for (LoadCacheUse* use : {&first, &untouched, &touched, &after}) use->racy_slack_ns = 0;
  LoadCache cache = load_and_compare(root, LoadCache{}, first, "first");
  EXPECT_EQ(first.files_hashed, written.size());
  const std::size_t uncached = written.size() - cache.files.size();  // Promises and the like: read each time
  ASSERT_GT(cache.files.size(), 3u);

  cache = load_and_compare(root, cache, untouched, "untouched");
  EXPECT_EQ(untouched.files_hashed, uncached);
  EXPECT_EQ(untouched.unread.size(), cache.files.size());
  EXPECT_FALSE(untouched.changed);

  for (const auto& [path, text] : written) set_mtime(root / path, kOld + 5 * kSecond);
  bool touched_written = false;
  cache = load_and_compare(root, cache, touched, "touched", &touched_written);
  EXPECT_EQ(touched.files_hashed, written.size());
  EXPECT_EQ(touched.requests_checked, 0u);
  EXPECT_GT(touched.requests_reused, 0u);
  EXPECT_TRUE(touched.changed);
  EXPECT_TRUE(touched_written);  // or each load after it would hash every file again

  (void)load_and_compare(root, cache, after, "after the touch");
  EXPECT_EQ(after.files_hashed, uncached);
  EXPECT_EQ(after.unread.size(), cache.files.size());
  EXPECT_FALSE(after.changed);
}

// A file written just now is racy: its stat data, the same as cached, are not trusted until a load that
// started more than the slack after its mtime has recorded it.
TEST(StatIndexTest, AFileModifiedJustNowIsReadAgainThoughItsStatDataAreTheSame) {
  ferry::testing::TempDir dir;
  ferry::testing::write_file(dir.path() / "p.yaml", kBase);
  LoadCacheUse first;
  LoadCache cache = load_and_compare(dir.path(), LoadCache{}, first, "first");
  LoadCacheUse second;
  (void)load_and_compare(dir.path(), cache, second, "second");
  EXPECT_EQ(second.files_hashed, 1u);
  EXPECT_TRUE(second.unread.empty());
}

// A file cached as one of requests (split/api.yaml) that has since become part of a split Promise directory
// (a dependencies.yaml added beside it) is read though its stat data are unchanged.
TEST(StatIndexTest, AnUnreadFileThatJoinedASplitPromiseIsRead) {
  ferry::testing::TempDir dir;
  const fs::path root = dir.path() / "platform";
  std::map<std::string, std::string> written;
  std::map<std::string, std::string> texts = {{"base.yaml", kBase},
                                              {"promise.yaml", promise_text(0, "{type: string}")},
                                              {"split/api.yaml", request_text(0, "r0", "small")}};
  write_platform(root, texts, written);
  LoadCacheUse first, second;
  first.racy_slack_ns = second.racy_slack_ns = 0;
  LoadCache cache = load_and_compare(root, LoadCache{}, first, "first");
  ASSERT_TRUE(cache.files.contains((root / "split/api.yaml").string()));
  texts["split/dependencies.yaml"] = "apiVersion: v1\nkind: Namespace\nmetadata: {name: ns}\n";
  write_platform(root, texts, written);
  (void)load_and_compare(root, cache, second, "with split/dependencies.yaml");
  EXPECT_EQ(second.files_hashed, 3u) << "split/api.yaml was left unread";
}

// base.yaml, a Promise and requests.yaml (one request) written below `root`, then loaded once through an
// empty cache without the racy slack (`first`): the cache that load left. `written`: each file's text.
LoadCache three_files_loaded(const fs::path& root, LoadCacheUse& first,
                             std::map<std::string, std::string>& written) {
  write_platform(root,
                 {{"base.yaml", kBase},
                  {"promise.yaml", promise_text(0, "{type: string}")},
                  {"requests.yaml", request_text(0, "r0", "small")}},
                 written);
  first.racy_slack_ns = 0;
  return load_and_compare(root, LoadCache{}, first, "first");
}

// A load names the files the stat index left unread (their text empty), and read_unread_texts reads them
// for a compound run that loads the platform's files again (run/compound.h); a file gone since is an error.
TEST(StatIndexTest, TheFilesLeftUnreadAreNamedAndReadWhenLoadedAgain) {
  ferry::testing::TempDir dir;
  const fs::path root = dir.path() / "platform";
  std::map<std::string, std::string> written;
  LoadCacheUse first, second;
  second.racy_slack_ns = 0;
  LoadCache cache = three_files_loaded(root, first, written);
  ASSERT_TRUE(cache.files.contains((root / "requests.yaml").string()));
  auto decoded = decode_load_cache(encode_load_cache(cache));
  ASSERT_TRUE(decoded);
  second.before = &*decoded;
  std::this_thread::sleep_for(std::chrono::milliseconds(15));
  LoadResult loaded = load_platform(root, nullptr, &second);
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
  EXPECT_EQ(second.files_hashed, 2u);
  EXPECT_EQ(loaded.unread_files, std::vector<std::string>{(root / "requests.yaml").string()});
  ASSERT_EQ(loaded.files.size(), 3u);
  std::vector<PlatformFile> files = loaded.files;
  ASSERT_TRUE(read_unread_texts(files, loaded.unread_files).ok());
  for (const PlatformFile& file : files) EXPECT_EQ(file.text, ferry::testing::read_file(file.path));
  fs::remove(root / "requests.yaml");
  const Status gone = read_unread_texts(loaded.files, loaded.unread_files);
  ASSERT_FALSE(gone.ok());
  EXPECT_EQ(gone.error().render(),
            "platform file " + (root / "requests.yaml").string() + " is gone since the platform was loaded");
}

TEST(StatIndexTest, OnlyEqualStatDataOlderThanTheIndexAreTrusted) {
  const long index = 100 * kSecond;
  const FileStat recorded{10, index - 3 * kSecond, index - 3 * kSecond, 42, 7};
  EXPECT_TRUE(stat_unchanged(recorded, recorded, index));
  EXPECT_FALSE(stat_unchanged(recorded, recorded, index - kSecond)) << "racy: within the slack";
  FileStat changed_lately = recorded;
  changed_lately.ctime_ns = index - kSecond;  // an mtime set back after a change: its ctime tells
  EXPECT_FALSE(stat_unchanged(changed_lately, changed_lately, index));
  EXPECT_TRUE(stat_unchanged(changed_lately, changed_lately, index, 0));
  for (long FileStat::*field :
       {&FileStat::size, &FileStat::mtime_ns, &FileStat::ctime_ns, &FileStat::inode, &FileStat::device}) {
    FileStat now = recorded;
    now.*field += 1;
    EXPECT_FALSE(stat_unchanged(recorded, now, index));
  }
  EXPECT_FALSE(stat_unchanged(FileStat{}, FileStat{}, index)) << "no stat data recorded";
}

// What the quiet-run memo takes instead of reading the platform again (run/watched_files.h): each file the
// load parsed or left unread, with the stat data taken before its read and the content digest of its text
// (the cached digest for a file left unread).
TEST(StatIndexTest, EveryFileTheLoadReadOrVouchedForIsGivenWithItsStatDataAndDigest) {
  ferry::testing::TempDir dir;
  const fs::path root = dir.path() / "platform";
  std::map<std::string, std::string> written;
  LoadCacheUse first, second;
  second.racy_slack_ns = 0;
  LoadCache cache = three_files_loaded(root, first, written);
  EXPECT_EQ(first.digests.size(), 3u);
  (void)load_and_compare(root, cache, second, "second");
  ASSERT_EQ(second.files_hashed, 2u) << "requests.yaml is left unread";
  ASSERT_EQ(second.digests.size(), 3u);
  for (const auto& [name, text] : written) {
    const std::string path = (root / name).string();
    ASSERT_TRUE(second.digests.contains(path)) << path;
    EXPECT_EQ(second.digests.at(path).digest, content_digest(text)) << path;
    EXPECT_EQ(second.digests.at(path).stat, stat_of(path)) << path;
  }
}

}  // namespace
}  // namespace ferry::runner

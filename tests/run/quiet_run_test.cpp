// The quiet-run memo's parts (run/quiet_run.h, run/watched_files.h): the files it is keyed by and when they
// count as the same, the moment a record becomes due, and the memo's file.
#include "run/quiet_run.h"

#include <gtest/gtest.h>

#include <thread>

#include "core/content_digest.h"
#include "pipeline/duration.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;
using ferry::testing::write_file;

class WatchedFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(dir.path() / "a.yaml", "size: small\n");
    fs::create_directories(dir.path() / "sub");
    write_file(dir.path() / "sub/b.yaml", "b\n");
    fs::create_directories(dir.path() / ".ferry");
    write_file(dir.path() / ".ferry/cache", "skipped\n");
    // Older than the racy window of any walk below, as a platform checked out a while ago is.
    for (const char* file : {"a.yaml", "sub/b.yaml"})
      fs::last_write_time(dir.path() / file, fs::file_time_type::clock::now() - std::chrono::hours(1));
    auto files = watch_files({dir.path()}, {});
    ASSERT_TRUE(files.ok()) << files.error().render();
    watched = *files;
  }
  bool same(bool strict = false) const { return same_files(watched, {dir.path()}, {}, strict); }

  TempDir dir;
  WatchedFiles watched;
};

TEST_F(WatchedFilesTest, WalksTheFilesButDotDirectoriesWithTheirDigests) {
  ASSERT_EQ(watched.files.size(), 2u);
  EXPECT_EQ(watched.files[0].path, (dir.path() / "a.yaml").string());
  EXPECT_EQ(watched.files[1].path, (dir.path() / "sub/b.yaml").string());
  EXPECT_EQ(watched.files[1].digest, content_digest("b\n"));
  EXPECT_TRUE(same());
  EXPECT_TRUE(same(true));
}

TEST_F(WatchedFilesTest, ATouchedFileIsHashedAndStaysTheSameButNotStrictly) {
  fs::last_write_time(dir.path() / "a.yaml", fs::file_time_type::clock::now());
  EXPECT_TRUE(same());
  EXPECT_FALSE(same(true));
}

TEST_F(WatchedFilesTest, AnEditThatKeepsTheSizeAndSetsTheMtimeBackIsSeen) {
  const auto mtime = fs::last_write_time(dir.path() / "a.yaml");
  write_file(dir.path() / "a.yaml", "size: large\n");
  fs::last_write_time(dir.path() / "a.yaml", mtime);
  EXPECT_FALSE(same());
}

// Outside the racy window (the files' ctimes two seconds older than the walk), so that only the ctime tells
// the edit: the mtime is set back and the size kept.
TEST_F(WatchedFilesTest, AnEditOutsideTheRacyWindowIsToldByTheCtime) {
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  auto files = watch_files({dir.path()}, {});
  ASSERT_TRUE(files.ok());
  const auto mtime = fs::last_write_time(dir.path() / "a.yaml");
  write_file(dir.path() / "a.yaml", "size: large\n");
  fs::last_write_time(dir.path() / "a.yaml", mtime);
  EXPECT_FALSE(same_files(*files, {dir.path()}, {}));
}

// A file with the stat data of an earlier walk, outside its racy window, is not read again: its digest is the
// earlier one (a made-up digest shows it); a file that changed since is hashed.
TEST_F(WatchedFilesTest, AnUnchangedFileTakesTheEarlierWalksDigest) {
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  auto earlier = watch_files({dir.path()}, {});
  ASSERT_TRUE(earlier.ok());
  earlier->files[0].digest = "made up";
  earlier->files[1].digest = "made up";
  write_file(dir.path() / "sub/b.yaml", "c\n");
  auto files = watch_files({dir.path()}, {}, &*earlier);
  ASSERT_TRUE(files.ok());
  EXPECT_EQ(files->files[0].digest, "made up");
  EXPECT_EQ(files->files[1].digest, content_digest("c\n"));
  // b.yaml, written within that walk's racy window, is hashed again.
  files->files[1].digest = "made up";
  auto racy = watch_files({dir.path()}, {}, &*files);
  ASSERT_TRUE(racy.ok());
  EXPECT_EQ(racy->files[1].digest, content_digest("c\n"));
}

TEST_F(WatchedFilesTest, AnAddedOrRemovedFileIsSeenAndADotDirectoryIsNot) {
  write_file(dir.path() / ".ferry/other", "x\n");
  EXPECT_TRUE(same());
  write_file(dir.path() / "sub/c.yaml", "c\n");
  EXPECT_FALSE(same());
  fs::remove(dir.path() / "sub/c.yaml");
  EXPECT_TRUE(same());
  fs::remove(dir.path() / "sub/b.yaml");
  EXPECT_FALSE(same());
}

TEST_F(WatchedFilesTest, ASkippedPathIsNotWalked) {
  auto files = watch_files({dir.path()}, {fs::canonical(dir.path() / "sub")});
  ASSERT_TRUE(files.ok());
  ASSERT_EQ(files->files.size(), 1u);
  write_file(dir.path() / "sub/c.yaml", "c\n");
  EXPECT_TRUE(same_files(*files, {dir.path()}, {fs::canonical(dir.path() / "sub")}));
}

// A file the platform's load read, with the stat data the walk found before the load, takes the load's
// digest and is not read again (a made-up digest shows it); one whose stat data differ from the load's, or
// that the load did not read, is read and hashed.
TEST_F(WatchedFilesTest, AFileTheLoadReadTakesItsDigestAndIsNotReadAgain) {
  auto files = list_watched_files({dir.path()}, {});
  ASSERT_TRUE(files.ok());
  ASSERT_EQ(files->files.size(), 2u);
  EXPECT_EQ(files->files[0].digest, "");  // nothing hashed yet
  std::map<std::string, FileDigest> loaded;
  loaded[files->files[0].path] = {files->files[0].stat, "from the load"};
  FileStat other = files->files[1].stat;
  other.ctime_ns += 1;
  loaded[files->files[1].path] = {other, "stale"};
  ASSERT_TRUE(hash_watched_files(*files, loaded).ok());
  EXPECT_EQ(files->files[0].digest, "from the load");
  EXPECT_EQ(files->files[1].digest, content_digest("b\n"));  // read here
}

// The load names its files by their path below the platform as given, which may be relative: they are
// matched from the working directory.
TEST_F(WatchedFilesTest, ALoadsRelativeNamesMatchTheWalksPaths) {
  auto files = list_watched_files({dir.path()}, {});
  ASSERT_TRUE(files.ok());
  const fs::path relative = fs::path(files->files[0].path).lexically_relative(fs::current_path());
  std::map<std::string, FileDigest> loaded;
  loaded[(relative.parent_path() / "." / relative.filename()).string()] = {files->files[0].stat,
                                                                           "from the load"};
  ASSERT_TRUE(hash_watched_files(*files, loaded).ok());
  EXPECT_EQ(files->files[0].digest, "from the load");
}

ObjectRecord record_run_at(const std::string& last_run, RequestResult result = RequestResult::succeeded) {
  ObjectRecord record;
  record.kind = "redis";
  record.name = "cache-a";
  record.result = result;
  record.last_run = last_run;
  return record;
}

TEST(QuietDueAt, TheFirstRecordDueWithTheShortestInterval) {
  Platform platform;
  SelectionOptions selection;  // 10 h
  RunState records{{"a", record_run_at("2024-05-01T12:00:00Z")},
                   {"b", record_run_at("2024-05-01T10:00:00Z")}};
  const auto ten = parse_rfc3339_utc("2024-05-01T20:00:00Z");
  EXPECT_EQ(quiet_due_at(platform, records, selection),
            std::chrono::duration_cast<std::chrono::seconds>(ten->time_since_epoch()).count());
  platform.promises.emplace_back();
  platform.promises.back().controls.reconciliation_interval = std::chrono::hours(1);
  const auto eleven = parse_rfc3339_utc("2024-05-01T11:00:00Z");
  EXPECT_EQ(quiet_due_at(platform, records, selection),
            std::chrono::duration_cast<std::chrono::seconds>(eleven->time_since_epoch()).count());
}

TEST(QuietDueAt, ARecordThatRunsWhateverTheTimeMakesNone) {
  const Platform platform;
  for (RequestResult result :
       {RequestResult::failed, RequestResult::pending, RequestResult::paused, RequestResult::suspended}) {
    EXPECT_EQ(quiet_due_at(platform, {{"a", record_run_at("2024-05-01T12:00:00Z", result)}}, {}),
              std::nullopt)
        << to_string(result);
  }
  EXPECT_EQ(quiet_due_at(platform, {{"a", record_run_at("yesterday")}}, {}), std::nullopt);
}

TEST(QuietRunMemoFile, IsReadBackAsWrittenAndNotWhenDamaged) {
  TempDir dir;
  QuietRunMemo memo;
  memo.invocation = "inv";
  memo.files.snapshot_ns = 1234567890123;
  memo.files.files.push_back({"/p/a.yaml", FileStat{12, 5, 6, 7, 8}, "md5"});
  memo.state_tip = "abc";
  memo.store_tips.push_back({"/s/clusters.git", "main", "def"});
  memo.images["redis:7"] = "sha256:1";
  memo.images["app:1"] = "";
  memo.due_at_s = 1714564800;
  memo.output = std::string("report\nwith: any text\0 at all", 29);
  const fs::path path = dir.path() / "state.git.quiet-run";
  ASSERT_TRUE(write_quiet_run_memo(path, memo).ok());
  auto read = read_quiet_run_memo(path);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->invocation, "inv");
  EXPECT_EQ(read->files.snapshot_ns, 1234567890123);
  ASSERT_EQ(read->files.files.size(), 1u);
  EXPECT_EQ(read->files.files[0].path, "/p/a.yaml");
  EXPECT_EQ(read->files.files[0].stat, (FileStat{12, 5, 6, 7, 8}));
  EXPECT_EQ(read->files.files[0].digest, "md5");
  EXPECT_EQ(read->state_tip, "abc");
  ASSERT_EQ(read->store_tips.size(), 1u);
  EXPECT_EQ(read->store_tips[0].tip, "def");
  EXPECT_EQ(read->images, memo.images);
  EXPECT_EQ(read->due_at_s, 1714564800);
  EXPECT_EQ(read->output.text(), memo.output.text());

  const std::string text = ferry::testing::read_file(path);
  std::string flipped = text;  // one byte of the report: the frame and fields decode, the checksum does not
  flipped[flipped.find("any text")] = 'A';
  write_file(path, flipped);
  EXPECT_FALSE(read_quiet_run_memo(path));
  write_file(path, text.substr(0, text.size() / 2));
  EXPECT_FALSE(read_quiet_run_memo(path));
  write_file(path, "ferry-load-cache 4\n");
  EXPECT_FALSE(read_quiet_run_memo(path));
  EXPECT_FALSE(read_quiet_run_memo(dir.path() / "absent"));
}

}  // namespace
}  // namespace ferry::runner

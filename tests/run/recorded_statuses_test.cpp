// Recorded statuses (run/recorded_statuses.h) read from a Git store: one object's status reads that
// object's published file only, at the tip of the first read; past kSingleReads files the rest of status/
// is read in one go.
#include "run/recorded_statuses.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"

namespace ferry::runner {
namespace {

// A LocalGitRepo whose one-file and folder reads are counted.
class StatusReadCounter : public writer::StateStore {
 public:
  explicit StatusReadCounter(writer::StateStore& inner) : inner_(inner) {}
  std::string describe() const override { return inner_.describe(); }
  Result<writer::CommitOutcome> apply(const writer::Change& change) override { return inner_.apply(change); }
  Result<std::map<std::string, std::string>> read_files(const std::string& prefix) override {
    ++folder_reads;
    return inner_.read_files(prefix);
  }
  Result<std::map<std::string, std::string>> read_files_at(const std::string& commit,
                                                           const std::string& prefix) override {
    ++folder_reads;
    return inner_.read_files_at(commit, prefix);
  }
  Result<std::optional<std::string>> read_file_at(const std::string& commit,
                                                  const std::string& path) override {
    ++file_reads;
    return inner_.read_file_at(commit, path);
  }
  Result<writer::BranchHistory> history_since(const std::optional<std::string>& since) override {
    return inner_.history_since(since);
  }
  int folder_reads = 0;
  int file_reads = 0;

 private:
  writer::StateStore& inner_;
};

ObjectRecord status_request_named(const std::string& name) {
  ObjectRecord record;
  record.kind = "Redis";
  record.name = name;
  record.namespace_ = "team-a";
  record.promise = "redis";
  record.status_beside = true;
  return record;
}

class RecordedStatusesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = writer::LocalGitRepo::open(dir_.path() / "state.git", "state");
    ASSERT_TRUE(opened.ok()) << opened.error().render();
    repo_ = std::move(*opened);
    writer::Change change;
    change.message = "statuses\n";
    for (int i = 0; i < 100; ++i) {
      const ObjectRecord record = status_request_named("r" + std::to_string(i));
      change.files.push_back({record.status_path(), "status: {n: " + std::to_string(i) + "}\n"});
    }
    ASSERT_TRUE(repo_->apply(change).ok());
    counting_ = std::make_unique<StatusReadCounter>(*repo_);
  }
  ferry::testing::TempDir dir_;
  std::unique_ptr<writer::LocalGitRepo> repo_;
  std::unique_ptr<StatusReadCounter> counting_;
};

TEST_F(RecordedStatusesTest, OneObjectsStatusReadsItsFileOnly) {
  const RecordedStatuses statuses(counting_.get());
  EXPECT_EQ(statuses.published(status_request_named("r7")).value(), "status: {n: 7}\n");
  EXPECT_EQ(statuses.published(status_request_named("r7")).value(),
            "status: {n: 7}\n");  // kept: not read again
  EXPECT_EQ(statuses.published(status_request_named("absent")).value(), std::nullopt);
  EXPECT_EQ(counting_->file_reads, 2);
  EXPECT_EQ(counting_->folder_reads, 0);
}

TEST_F(RecordedStatusesTest, PastSoManyFilesTheFolderIsReadWhole) {
  const RecordedStatuses statuses(counting_.get());
  for (int i = 0; i < 100; ++i) {
    const std::string n = std::to_string(i);
    EXPECT_EQ(statuses.published(status_request_named("r" + n)).value(), "status: {n: " + n + "}\n");
  }
  EXPECT_EQ(counting_->file_reads, static_cast<int>(RecordedStatuses::kSingleReads));
  EXPECT_EQ(counting_->folder_reads, 1);
}

}  // namespace
}  // namespace ferry::runner

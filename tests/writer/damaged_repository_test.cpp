// Damaged objects in the repositories ferry reads (writer/checked_odb.h): a loose blob or tree cut short,
// as a power loss leaves them, or overwritten with garbage, or an object that is not what its id says, in a
// state store or a Destination's store read over file://, is an error naming the object and the repository
// within a time bound. Before the check, libgit2 1.5 spun forever on the cut-short object, so each read runs
// in a forked child that is killed when it overruns.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

#include "tests/support/damaged_objects.h"
#include "tests/support/test_support.h"
#include "tests/writer/remote_store_support.h"
#include "writer/local_git_repo.h"
#include "writer/store_factory.h"

namespace ferry::writer {
namespace {

namespace fs = std::filesystem;
using testing::cut_to_half;
using testing::git;
using ::testing::HasSubstr;
using testing::loose_file;
using testing::overwrite_with_garbage;
using testing_remote::change_of;

constexpr auto kTimeBound = std::chrono::seconds(20);

// Runs `read` in a forked child and returns what it returned, or "(overran <bound>)" when the child was
// still running after kTimeBound, and killed.
std::string within_time_bound(const std::function<std::string()>& read) {
  int fds[2];
  if (::pipe(fds) != 0) return "(no pipe)";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    const std::string text = read();
    (void)!::write(fds[1], text.data(), text.size());
    ::_exit(0);
  }
  ::close(fds[1]);
  const auto deadline = std::chrono::steady_clock::now() + kTimeBound;
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      ::close(fds[0]);
      return "(overran " + std::to_string(kTimeBound.count()) + " s)";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::string text;
  char chunk[4096];
  for (ssize_t got = 0; (got = ::read(fds[0], chunk, sizeof chunk)) > 0;)
    text.append(chunk, static_cast<std::size_t>(got));
  ::close(fds[0]);
  return text;
}

std::string read_all(StateStore& store) {
  auto files = store.read_files("");
  return files ? "read " + std::to_string(files->size()) + " files" : files.error().message;
}

const std::string kRecord = "{\"n\":\"" + std::string(2000, 'r') + "\"}";

class DamagedStateStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = LocalGitRepo::open(path_, "main");
    ASSERT_TRUE(opened.ok()) << opened.error().render();
    repo_ = std::move(opened).value();
    auto outcome = repo_->apply(change_of({{"a", {{"record.json", kRecord}}}}));
    ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  }
  // The store opened again, as the next run opens it: nothing of it cached in memory.
  StateStore& reopened() {
    auto opened = LocalGitRepo::open(path_, "main");
    EXPECT_TRUE(opened.ok()) << opened.error().render();
    repo_ = std::move(opened).value();
    return *repo_;
  }
  std::string damaged(const std::string& id, const std::string& reason) const {
    return "loose object " + id + " of state store " + path_.string() + " is damaged: " + reason;
  }
  testing::TempDir temp_;
  fs::path path_ = temp_.path() / "state.git";
  std::unique_ptr<LocalGitRepo> repo_;
};

TEST_F(DamagedStateStoreTest, ACutShortBlobIsAnErrorNamingItAndTheStore) {
  std::string id;
  cut_to_half(loose_file(path_, "main:a/record.json", id));
  EXPECT_THAT(within_time_bound([&] { return read_all(reopened()); }),
              HasSubstr(damaged(id, "its zlib stream ends early")));
}

// The root tree: a write reads it to put its new directory beside the others.
TEST_F(DamagedStateStoreTest, ACutShortTreeIsAnErrorWhenReadingAndWhenWriting) {
  std::string id;
  cut_to_half(loose_file(path_, "main^{tree}", id));
  EXPECT_THAT(within_time_bound([&] { return read_all(reopened()); }),
              HasSubstr(damaged(id, "its zlib stream ends early")));
  EXPECT_THAT(within_time_bound([&] {
                auto outcome = reopened().apply(change_of({{"b", {{"other.json", "{}"}}}}));
                return outcome ? std::string("committed") : outcome.error().message;
              }),
              HasSubstr(damaged(id, "its zlib stream ends early")));
}

TEST_F(DamagedStateStoreTest, AGarbageBlobIsAnErrorNamingItAndTheStore) {
  std::string id;
  overwrite_with_garbage(loose_file(path_, "main:a/record.json", id));
  EXPECT_THAT(within_time_bound([&] { return read_all(reopened()); }),
              HasSubstr(damaged(id, "it is not a valid zlib stream")));
}

// libgit2's own check is off (writer/git_handles.cpp): ferry's backends check each object against its id.
TEST_F(DamagedStateStoreTest, ALooseObjectThatIsNotWhatItsIdSaysIsAnErrorNamingBoth) {
  std::string id;
  std::string other;
  const fs::path file = loose_file(path_, "main:a/record.json", id);
  auto outcome = repo_->apply(change_of({{"b", {{"record.json", "{}"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  const std::string other_bytes = testing::read_file(loose_file(path_, "main:b/record.json", other));
  overwrite_with_garbage(file);
  testing::write_file(file, other_bytes);
  EXPECT_THAT(within_time_bound([&] { return read_all(reopened()); }),
              HasSubstr(damaged(id, "its content hashes to " + other)));
}

// A packed blob whose bytes changed but still inflate (stored uncompressed, its zlib checksum mended), as a
// bad disk could leave it: libgit2 reads packs without checking an object's CRC, so only the id tells.
TEST_F(DamagedStateStoreTest, APackedObjectThatIsNotWhatItsIdSaysIsAnErrorNamingBoth) {
  const std::string id = git(path_, "rev-parse main:a/record.json");
  git(path_, "-c pack.compression=0 repack -a -d -q");
  fs::path pack;
  for (const auto& entry : fs::directory_iterator(path_ / "objects" / "pack"))
    if (entry.path().extension() == ".pack") pack = entry.path();
  ASSERT_FALSE(pack.empty());
  fs::permissions(pack, fs::perms::owner_write, fs::perm_options::add);
  std::string bytes = testing::read_file(pack);
  const std::size_t at = bytes.find(kRecord);
  ASSERT_NE(at, std::string::npos);
  // A stored zlib stream ends with the Adler-32 of its data, big-endian: checked to be there, then mended.
  auto adler_at = [&](std::size_t offset) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i) value = value << 8 | static_cast<unsigned char>(bytes[offset + i]);
    return value;
  };
  auto adler_of = [&] {
    return static_cast<std::uint32_t>(
        adler32(1, reinterpret_cast<const Bytef*>(bytes.data() + at), static_cast<uInt>(kRecord.size())));
  };
  const std::size_t end = at + kRecord.size();
  ASSERT_EQ(adler_at(end), adler_of());
  bytes[at + 10] = 's';
  for (std::size_t i = 0; i < 4; ++i) bytes[end + i] = static_cast<char>(adler_of() >> (24 - 8 * i));
  testing::write_file(pack, bytes);
  testing::write_file(temp_.path() / "changed", bytes.substr(at, kRecord.size()));
  const std::string changed = git(path_, "hash-object " + (temp_.path() / "changed").string());
  EXPECT_THAT(within_time_bound([&] { return read_all(reopened()); }),
              HasSubstr("packed object " + id + " of state store " + path_.string() +
                        " is damaged: its content hashes to " + changed));
}

// A Destination's store over file://: read in place (the default), or through ferry's cache (`kPush`).
class DamagedDestinationStoreTest : public ::testing::Test {
 protected:
  void SetUp() override { testing_remote::make_server_repo(server_); }
  std::unique_ptr<StateStore> store_with_a_record(FileUrlMode mode, const fs::path& cache) {
    StoreSpec spec = testing_remote::file_store_spec(server_, cache);
    spec.file_urls = mode;
    auto store = open_state_store(spec);
    EXPECT_TRUE(store.ok()) << store.error().render();
    if (!store) return nullptr;
    auto outcome = (*store)->apply(change_of({{"a", {{"record.json", kRecord}}}}));
    EXPECT_TRUE(outcome.ok()) << outcome.error().render();
    return std::move(store).value();
  }
  // The repository below `root` (ferry's cache of the server).
  static fs::path repository_below(const fs::path& root) {
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (fs::exists(entry.path() / "HEAD") && fs::exists(entry.path() / "objects")) return entry.path();
    return {};
  }
  testing::TempDir temp_;
  fs::path server_ = temp_.path() / "server.git";
};

TEST_F(DamagedDestinationStoreTest, ACutShortObjectOfAStoreReadInPlaceIsAnErrorNamingIt) {
  auto store = store_with_a_record(FileUrlMode::kLocal, temp_.path() / "cache");
  ASSERT_NE(store, nullptr);
  std::string id;
  cut_to_half(loose_file(server_, "main:a/record.json", id));
  EXPECT_THAT(within_time_bound([&] { return read_all(*store); }),
              HasSubstr("loose object " + id + " of state store " + server_.string() +
                        " is damaged: its zlib stream ends early"));
}

TEST_F(DamagedDestinationStoreTest, ACutShortObjectOfTheStoresCacheIsAnErrorNamingTheCache) {
  auto store = store_with_a_record(FileUrlMode::kPush, temp_.path() / "cache");
  ASSERT_NE(store, nullptr);
  const fs::path cache = repository_below(temp_.path() / "cache");
  ASSERT_FALSE(cache.empty());
  std::string id;
  cut_to_half(loose_file(cache, "main:a/record.json", id));
  const std::string result = within_time_bound([&] { return read_all(*store); });
  EXPECT_THAT(result, HasSubstr("loose object " + id + " of the cache " + cache.string() + " of "));
  EXPECT_THAT(result, HasSubstr(" is damaged: its zlib stream ends early"));
}

// The object is written loose by git's own push (receive-pack unpacks small pushes), then cut short.
TEST_F(DamagedDestinationStoreTest, ACutShortObjectOfTheServerFetchedIntoANewCacheIsAnError) {
  testing_remote::push_other_commit(server_, temp_.path() / "scratch", "a/record.json", kRecord);
  std::string id;
  cut_to_half(loose_file(server_, "main:a/record.json", id));
  StoreSpec spec = testing_remote::file_store_spec(server_, temp_.path() / "new-cache");
  spec.file_urls = FileUrlMode::kPush;
  const std::string result = within_time_bound([&] {
    auto store = open_state_store(spec);
    return store ? read_all(**store) : store.error().message;
  });
  EXPECT_THAT(result, HasSubstr(id));
}

}  // namespace
}  // namespace ferry::writer

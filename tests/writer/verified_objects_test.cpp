// The big objects a process keeps once it has read and checked them (writer/verified_objects.h): only big
// ones, by objects directory, bounded, and a later read through another repository handle served from the
// copy kept, not from the object's file.
#include "writer/verified_objects.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/test_support.h"
#include "tests/writer/bare_repository.h"
#include "writer/checked_odb.h"
#include "writer/loose_objects.h"
#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

git_oid id_of(int n) {
  char hex[41];
  std::snprintf(hex, sizeof hex, "%040x", n);
  git_oid id;
  EXPECT_EQ(git_oid_fromstr(&id, hex), 0);
  return id;
}

TEST(VerifiedObjects, OnlyBigObjectsAreKeptAndOnlyForTheirObjectsDirectory) {
  const std::string big(kUncompressedFrom, 'b');
  keep_verified_object("/only-big/objects/", id_of(1), GIT_OBJECT_TREE, big);
  keep_verified_object("/only-big/objects/", id_of(2), GIT_OBJECT_BLOB,
                       std::string(kUncompressedFrom - 1, 's'));
  auto kept = verified_object("/only-big/objects/", id_of(1));
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->type, GIT_OBJECT_TREE);
  EXPECT_EQ(*kept->data, big);
  EXPECT_FALSE(verified_object("/only-big/objects/", id_of(2)));
  EXPECT_FALSE(verified_object("/another/objects/", id_of(1)));
}

TEST(VerifiedObjects, TheOldestGoFirstPastTheBound) {
  const std::string mebibyte(1024 * 1024, 'm');
  const int count = static_cast<int>(kVerifiedObjectsBytes / mebibyte.size()) + 1;
  for (int n = 0; n < count; ++n)
    keep_verified_object("/bound/objects/", id_of(n), GIT_OBJECT_BLOB, mebibyte);
  EXPECT_FALSE(verified_object("/bound/objects/", id_of(0)));
  EXPECT_TRUE(verified_object("/bound/objects/", id_of(1)));
  EXPECT_TRUE(verified_object("/bound/objects/", id_of(count - 1)));
}

TEST(VerifiedObjects, ABigObjectReadAgainThroughAnotherHandleIsNotReadFromItsFile) {
  testing::TempDir temp;
  const std::filesystem::path path = temp.path() / "store.git";
  testing_git::init_bare_repository(path);
  const std::string data = std::string(100 * 1024, 'x') + "the end";
  git_oid id;
  {
    auto repo = open_checked_repository(path, "store");
    ASSERT_TRUE(repo.ok()) << repo.error().message;
    ASSERT_EQ(git_blob_create_from_buffer(&id, repo->get(), data.data(), data.size()), 0);
  }
  auto read_through_a_new_handle = [&]() -> std::string {
    auto repo = open_checked_repository(path, "store");
    if (!repo) return "error: " + repo.error().message;
    git_odb* odb = nullptr;
    git_odb_object* object = nullptr;
    std::string text;
    if (git_repository_odb(&odb, repo->get()) == 0 && git_odb_read(&object, odb, &id) == 0)
      text.assign(static_cast<const char*>(git_odb_object_data(object)), git_odb_object_size(object));
    else
      text = std::string("error: ") + git_error_last()->message;
    git_odb_object_free(object);
    git_odb_free(odb);
    return text;
  };
  const std::string first = read_through_a_new_handle();
  EXPECT_TRUE(first == data) << first.substr(0, 200);
  const std::string hex = oid_hex(id);
  const std::filesystem::path file = path / "objects" / hex.substr(0, 2) / hex.substr(2);
  std::filesystem::permissions(file, std::filesystem::perms::owner_write, std::filesystem::perm_options::add);
  testing::write_file(file, "not the object any more");
  const std::string again = read_through_a_new_handle();
  EXPECT_TRUE(again == data) << again.substr(0, 200);
}

}  // namespace
}  // namespace ferry::writer::git

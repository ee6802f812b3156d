// ObjectDirectory (api/object_directory.h) on real directories: the layouts, the metadata file, the
// atomic replacement (a reader never sees a mix) and deletion.
#include "api/object_directory.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace ferry::api {
namespace {

using testing::read_file;
using testing::write_file;

TEST(ApiObjectDirectory, WriteThenReadGivesTheSameObject) {
  testing::TempDir dir;
  const ObjectDirectory secrets(StoredKind::secret, dir.path(), "team");
  const StoredObject object{"team",
                            "db",
                            {{"password", "p"}, {"user", "u"}},
                            {{"app", "x"}},
                            {{"note", "n"}},
                            "Opaque",
                            "2026-11-26T10:00:00Z"};
  ASSERT_TRUE(secrets.write(object));
  auto read = secrets.read("team", "db");
  ASSERT_TRUE(read);
  ASSERT_TRUE(read->has_value());
  EXPECT_EQ(**read, object);
  EXPECT_EQ(read_file(dir.path() / "db" / "password"), "p");  // today's flat layout
  auto other = secrets.read("other", "db");
  ASSERT_TRUE(other);
  EXPECT_FALSE(other->has_value());
}

TEST(ApiObjectDirectory, ReplacingSwapsTheWholeDirectory) {
  testing::TempDir dir;
  const ObjectDirectory maps(StoredKind::config_map, dir.path(), "team");
  ASSERT_TRUE(maps.write(StoredObject{"team", "c", {{"a", "1"}, {"b", "2"}}}));
  ASSERT_TRUE(maps.write(StoredObject{"team", "c", {{"b", "3"}}}));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "c" / "a"));
  EXPECT_EQ(read_file(dir.path() / "c" / "b"), "3");
  int entries = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    (void)entry;
    ++entries;
  }
  EXPECT_EQ(entries, 1);  // no staging directory left behind
}

TEST(ApiObjectDirectory, OtherNamespacesLiveUnderNamespaces) {
  testing::TempDir dir;
  const ObjectDirectory secrets(StoredKind::secret, dir.path(), "team");
  ASSERT_TRUE(secrets.write(StoredObject{"awx", "token", {{"value", "v"}}}));
  EXPECT_EQ(read_file(dir.path() / ".namespaces" / "awx" / "token" / "value"), "v");
  auto all = secrets.list("");
  ASSERT_TRUE(all);
  ASSERT_EQ(all->size(), 1u);
  EXPECT_EQ((*all)[0].namespace_name, "awx");
  auto team = secrets.list("team");
  ASSERT_TRUE(team);
  EXPECT_TRUE(team->empty());  // .namespaces is no object of the flat layout
}

TEST(ApiObjectDirectory, RemoveDeletesAndSaysWhetherThereWasOne) {
  testing::TempDir dir;
  const ObjectDirectory secrets(StoredKind::secret, dir.path(), "team");
  write_file(dir.path() / "db" / "password", "p");
  auto removed = secrets.remove("team", "db");
  ASSERT_TRUE(removed);
  EXPECT_TRUE(*removed);
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
  auto again = secrets.remove("team", "db");
  ASSERT_TRUE(again);
  EXPECT_FALSE(*again);
}

TEST(ApiObjectDirectory, NamesThatAreNoObjectNamesAreNeverPaths) {
  testing::TempDir dir;
  write_file(dir.path() / "secret-outside" / "k", "x");
  const ObjectDirectory secrets(StoredKind::secret, dir.path() / "inner", "team");
  for (const char* name : {"..", "../secret-outside", ".namespaces", "A"}) {
    auto read = secrets.read("team", name);
    ASSERT_TRUE(read) << name;
    EXPECT_FALSE(read->has_value()) << name;
  }
}

TEST(ApiObjectDirectory, ADamagedMetadataFileIsAnErrorNamingIt) {
  testing::TempDir dir;
  write_file(dir.path() / "db" / "password", "p");
  write_file(dir.path() / "db" / kMetadataFile, "{not json");
  const ObjectDirectory secrets(StoredKind::secret, dir.path(), "team");
  auto read = secrets.read("team", "db");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message,
            "cannot read " + (dir.path() / "db" / kMetadataFile).string() + ": not a JSON object");
}

}  // namespace
}  // namespace ferry::api

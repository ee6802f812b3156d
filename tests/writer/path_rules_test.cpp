#include "writer/path_rules.h"

#include <gtest/gtest.h>

#include <string>

namespace ferry::writer {
namespace {

struct BadPath {
  std::string path;
  std::string message;
};

class BadPathTest : public ::testing::TestWithParam<BadPath> {};

TEST_P(BadPathTest, IsRefusedWithItsReason) {
  const auto status = validate_repository_path(GetParam().path);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().render(), GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Paths, BadPathTest,
    ::testing::Values(
        BadPath{"", R"(invalid repository path "": empty path)"},
        BadPath{"/etc/passwd", R"(invalid repository path "/etc/passwd": absolute path)"},
        BadPath{"a//b", R"(invalid repository path "a//b": empty segment)"},
        BadPath{"a/", R"(invalid repository path "a/": empty segment)"},
        BadPath{"a/./b", R"(invalid repository path "a/./b": "." segment)"},
        BadPath{"..", R"(invalid repository path "..": ".." segment)"},
        BadPath{"a/../../b", R"(invalid repository path "a/../../b": ".." segment)"},
        BadPath{".git", R"(invalid repository path ".git": ".git" segment)"},
        BadPath{"a/.git/config", R"(invalid repository path "a/.git/config": ".git" segment)"},
        BadPath{"a/.GiT", R"(invalid repository path "a/.GiT": ".git" segment)"},
        // git fsck --strict's hasDotgit: every spelling some filesystem reads as ".git"
        BadPath{
            "a/.git./x",
            R"(invalid repository path "a/.git./x": ".git." is read as ".git" by some filesystems (git fsck --strict: hasDotgit))"},
        BadPath{
            ".GIT ",
            R"(invalid repository path ".GIT ": ".GIT " is read as ".git" by some filesystems (git fsck --strict: hasDotgit))"},
        BadPath{"a/.g\xE2\x80\x8Cit/x",
                "invalid repository path \"a/.g\xE2\x80\x8Cit/x\": \".g\xE2\x80\x8Cit\" is read as "
                "\".git\" by some filesystems (git fsck --strict: hasDotgit)"},
        BadPath{"\xEF\xBB\xBF.git",
                "invalid repository path \"\xEF\xBB\xBF.git\": \"\xEF\xBB\xBF.git\" is read as "
                "\".git\" by some filesystems (git fsck --strict: hasDotgit)"},
        BadPath{
            "GIT~1/hooks",
            R"(invalid repository path "GIT~1/hooks": "GIT~1" is NTFS's short name of ".git" (git fsck --strict: hasDotgit))"},
        BadPath{
            "a/.gitmodules",
            R"(invalid repository path "a/.gitmodules": ".gitmodules" is read as ".gitmodules", Git's submodule configuration, which no output may write)"},
        BadPath{
            "GITMOD~1",
            R"(invalid repository path "GITMOD~1": "GITMOD~1" is read as ".gitmodules", Git's submodule configuration, which no output may write)"},
        BadPath{
            ".gitattributes",
            R"(invalid repository path ".gitattributes": ".gitattributes" is read as ".gitattributes", which changes how Git checks files out; no output may write it)"},
        BadPath{std::string("a") + '\0' + "b",
                std::string("invalid repository path \"a") + '\0' + "b\": NUL byte"}));

TEST(ValidateRepositoryPath, AcceptsOrdinaryRelativePaths) {
  for (const char* path : {"a", "a/b/c.yaml", ".kratix/x.yaml", "a/..b/c..", ".gitignore", "a/.github/x",
                           "...", "git~2", "a/.gitx", "git~1x", ".gitmodulesx"}) {
    EXPECT_TRUE(validate_repository_path(path).ok()) << path;
  }
}

TEST(ValidateChange, NamesTheBundleOfABadFile) {
  Change change;
  change.bundles.push_back({"ok/dir", {{"fine.yaml", "x"}, {"../escape.yaml", "y"}}});
  const auto status = validate_change(change);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().render(),
            R"(invalid repository path "../escape.yaml" in bundle "ok/dir": ".." segment)");
}

TEST(ValidateChange, ChecksBundleDirectoriesAndRemovedDirectories) {
  Change bad_bundle;
  bad_bundle.bundles.push_back({"/abs", {{"a", "b"}}});
  EXPECT_EQ(validate_change(bad_bundle).error().render(), R"(invalid repository path "/abs": absolute path)");
  Change bad_removal;
  bad_removal.bundles.push_back({"ok", {{"a", "b"}}});
  bad_removal.removed_directories = {"fine", "x/.git"};
  EXPECT_EQ(validate_change(bad_removal).error().render(),
            R"(invalid repository path "x/.git": ".git" segment)");
}

TEST(ValidateChange, AcceptsAnEmptyChange) {
  EXPECT_TRUE(validate_change(Change{}).ok());
}

TEST(NormaliseReadPrefix, TrimsTrailingSlashesAndKeepsTheRoot) {
  EXPECT_EQ(*normalise_read_prefix(""), "");
  EXPECT_EQ(*normalise_read_prefix("/"), "");
  EXPECT_EQ(*normalise_read_prefix("a/b/"), "a/b");
  EXPECT_EQ(normalise_read_prefix("../a").error().render(),
            R"(invalid repository path "../a": ".." segment)");
}

}  // namespace
}  // namespace ferry::writer

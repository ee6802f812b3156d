#include "tests/writer/remote_store_support.h"

#include <gtest/gtest.h>

#include "tests/support/test_support.h"

namespace ferry::writer::testing_remote {

using ferry::testing::git;
using ferry::testing::run;
using ferry::testing::shell_quote;

namespace {
std::string q(const std::filesystem::path& path) {
  return shell_quote(path.string());
}
}  // namespace

Change change_of(std::vector<Bundle> bundles, std::vector<std::string> removed) {
  Change change;
  change.bundles = std::move(bundles);
  change.removed_directories = std::move(removed);
  change.message = "Update from: test";
  return change;
}

void make_server_repo(const std::filesystem::path& path) {
  const auto made = run("git init -q --bare -b main " + q(path) + " && git --git-dir=" + q(path) +
                        " config http.receivepack true");
  ASSERT_EQ(made.exit_code, 0) << made.output;
}

StoreSpec file_store_spec(const std::filesystem::path& server, const std::filesystem::path& cache_dir) {
  StoreSpec spec;
  spec.url = "file://" + server.string();
  spec.branch = "main";
  spec.cache_dir = cache_dir;
  spec.retry.seed = 7;
  return spec;
}

std::string push_other_commit(const std::filesystem::path& repo, const std::filesystem::path& scratch,
                              const std::string& file, const std::string& content,
                              const std::string& branch) {
  std::filesystem::remove_all(scratch);
  const auto clone =
      run("git clone -q " + q(repo) + " " + q(scratch) + " && git -C " + q(scratch) + " checkout -q -B " +
          shell_quote(branch) + " $(git -C " + q(scratch) + " rev-parse -q --verify refs/remotes/origin/" +
          shell_quote(branch) + ") && mkdir -p " + q((scratch / file).parent_path()));
  EXPECT_EQ(clone.exit_code, 0) << clone.output;
  ferry::testing::write_file(scratch / file, content);
  const auto pushed = run("git -C " + q(scratch) + " add -A && git -C " + q(scratch) +
                          " -c user.name=other -c user.email=other@x commit -qm other && git -C " +
                          q(scratch) + " push -q origin " + shell_quote(branch));
  EXPECT_EQ(pushed.exit_code, 0) << pushed.output;
  return git(repo, "rev-parse " + branch);
}

void expect_add_change_noop(StateStore& store, const std::filesystem::path& server,
                            const std::string& branch) {
  auto added = store.apply(change_of({{"w1/app", {{"a.yaml", "A"}, {"sub/b.yaml", "B"}}}}));
  ASSERT_TRUE(added.ok()) << added.error().render();
  ASSERT_TRUE(added->commit_sha.has_value());
  EXPECT_EQ(git(server, "rev-parse " + branch), *added->commit_sha);
  EXPECT_EQ(git(server, "ls-tree -r --name-only " + branch), "w1/app/a.yaml\nw1/app/sub/b.yaml");
  EXPECT_EQ(git(server, "cat-file -p " + branch + ":w1/app/a.yaml"), "A");

  auto changed = store.apply(change_of({{"w1/app", {{"a.yaml", "A2"}}}}));
  ASSERT_TRUE(changed.ok()) << changed.error().render();
  ASSERT_TRUE(changed->commit_sha.has_value());
  EXPECT_EQ(git(server, "rev-parse " + branch), *changed->commit_sha);
  EXPECT_EQ(git(server, "rev-parse " + branch + "^"), *added->commit_sha);
  EXPECT_EQ(git(server, "ls-tree -r --name-only " + branch), "w1/app/a.yaml");
  EXPECT_EQ(git(server, "cat-file -p " + branch + ":w1/app/a.yaml"), "A2");

  auto same = store.apply(change_of({{"w1/app", {{"a.yaml", "A2"}}}}));
  ASSERT_TRUE(same.ok()) << same.error().render();
  EXPECT_FALSE(same->commit_sha.has_value());
  EXPECT_EQ(git(server, "rev-parse " + branch), *changed->commit_sha);
  EXPECT_EQ(git(server, "rev-list --count " + branch), "2");
  EXPECT_EQ(git(server, "for-each-ref --format='%(refname)'"), "refs/heads/" + branch);
  EXPECT_EQ(git(server, "fsck --strict --no-progress"), "");
  auto files = store.read_files("w1");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_EQ(*files, (std::map<std::string, std::string>{{"w1/app/a.yaml", "A2"}}));
}

std::vector<std::filesystem::path> files_containing(const std::filesystem::path& dir,
                                                    const std::string& needle) {
  std::vector<std::filesystem::path> found;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file() &&
        ferry::testing::read_file(entry.path()).find(needle) != std::string::npos) {
      found.push_back(entry.path());
    }
  }
  return found;
}

}  // namespace ferry::writer::testing_remote

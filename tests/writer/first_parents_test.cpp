// git::FirstParents against git itself: the owner's last commit within kDriftHorizon first-parent commits,
// as `git log --first-parent -n <horizon>` finds it, for tips it walks from and tips it derives from their
// parent's history, across the horizon's edge.
#include "writer/first_parents.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/test_support.h"
#include "tests/writer/bare_repository.h"
#include "writer/drift.h"
#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

constexpr int kCommits = 1100;

// Commit i's summary: "first" for the first, then owners 0-6 in turn, every 50th "rare".
std::string summary_at(int i) {
  if (i == 1) return "first";
  if (i % 50 == 0) return "rare";
  return "owner-" + std::to_string(i % 7);
}

class FirstParentsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_ = testing_git::init_bare_repository(path_);
    std::ostringstream stream;  // one chain of kCommits commits on main, refs/tags/c<i> at each
    for (int i = 1; i <= kCommits; ++i) {
      const std::string message = summary_at(i) + "\n\nbody of " + std::to_string(i) + "\n";
      stream << "commit refs/heads/main\nmark :" << i << "\ncommitter t <t@x> " << 1700000000 + i
             << " +0000\ndata " << message.size() << "\n"
             << message << "\n";
      stream << "reset refs/tags/c" << i << "\nfrom :" << i << "\n\n";
    }
    const auto file = temp_.path() / "stream";
    std::ofstream(file) << stream.str();
    const auto imported =
        testing::run("git --git-dir=" + path_.string() + " fast-import --quiet < " + file.string());
    ASSERT_EQ(imported.exit_code, 0) << imported.output;
  }
  CommitPtr commit(int i) {
    git_oid id;
    EXPECT_EQ(git_oid_fromstr(&id, testing::git(path_, "rev-parse c" + std::to_string(i)).c_str()), 0);
    git_commit* raw = nullptr;
    EXPECT_EQ(git_commit_lookup(&raw, repo_.get(), &id), 0);
    return CommitPtr(raw);
  }
  // What git finds: the newest of the horizon's first-parent commits from c<i> with that summary.
  std::string git_finds(int i, const std::string& summary) {
    std::istringstream log(testing::git(path_, "log --first-parent -n " + std::to_string(kDriftHorizon) +
                                                   " --format=%H%x09%s c" + std::to_string(i)));
    for (std::string line; std::getline(log, line);) {
      if (line.substr(41) == summary) return line.substr(0, 40);
    }
    return "none";
  }
  std::string found(FirstParents& parents, int i, const std::string& summary) {
    const auto id = parents.last_titled(repo_.get(), commit(i).get(), summary);
    return id ? oid_hex(*id) : "none";
  }

  testing::TempDir temp_;
  std::filesystem::path path_ = temp_.path() / "repo.git";
  RepoPtr repo_;
};

TEST_F(FirstParentsTest, WalkedFromAnUnknownTipItFindsWhatGitFinds) {
  for (const int tip : {1, 2, 49, 999, 1000, 1001, kCommits}) {
    FirstParents parents;  // nothing known: every tip is walked
    for (const std::string summary : {"first", "rare", "owner-3", "owner-0", "nobody"}) {
      EXPECT_EQ(found(parents, tip, summary), git_finds(tip, summary)) << "tip c" << tip << ", " << summary;
    }
  }
}

TEST_F(FirstParentsTest, DerivedTipByTipAcrossTheHorizonItFindsWhatGitFinds) {
  FirstParents parents;
  // c995's history is walked; each later tip's is derived from its parent's, the one before it. "first"
  // (c1) is the horizon's last commit from c1000 and out of it from c1001.
  for (int tip = 995; tip <= 1010; ++tip) {
    for (const std::string summary : {"first", "rare", "owner-5", "nobody"}) {
      EXPECT_EQ(found(parents, tip, summary), git_finds(tip, summary)) << "tip c" << tip << ", " << summary;
    }
  }
  EXPECT_NE(git_finds(1000, "first"), "none");
  EXPECT_EQ(git_finds(1001, "first"), "none");
}

// A tip walked only as far as the first summary looked for: a later summary further back, or none, walks on
// from there, and a tip derived from such a parent does too.
TEST_F(FirstParentsTest, WalkedOnlyAsFarAsNeededItStillFindsWhatGitFinds) {
  for (const int tip : {2, 60, 1000, kCommits}) {
    FirstParents parents;
    for (const std::string summary : {"owner-3", "owner-3", "rare", "first", "nobody", "owner-4"}) {
      EXPECT_EQ(found(parents, tip, summary), git_finds(tip, summary)) << "tip c" << tip << ", " << summary;
    }
  }
  FirstParents parents;
  EXPECT_EQ(found(parents, 995, "owner-1"), git_finds(995, "owner-1"));  // a few commits back
  for (int tip = 996; tip <= 1003; ++tip) {
    for (const std::string summary : {"owner-1", "first", "rare"}) {
      EXPECT_EQ(found(parents, tip, summary), git_finds(tip, summary)) << "tip c" << tip << ", " << summary;
    }
  }
}

}  // namespace
}  // namespace ferry::writer::git

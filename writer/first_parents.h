// The summary lines of a branch tip's last kDriftHorizon first-parent commits (writer/drift.h), for finding
// a change owner's last commit. Walking them costs up to kDriftHorizon commit reads, which on a branch of
// 1,000 commits or more was most of a commit's cost in a first reconcile (every new request walks the whole
// horizon and finds nothing). A tip's list is derived from its first parent's when that is known, so a
// process that commits on a tip walks once, not once per commit; a tip walked afresh is walked only as far
// as the summary looked for (a run that changes one request finds its last commit a few commits back: the
// rest of a horizon of 1,000 was most of its commit's cost on a large store), and on when more is needed.
// Shared by every store of the process, bounded to the last kKeptTips tips; thread-safe. Internal to writer/.
#pragma once

#include <git2.h>

#include <cstddef>
#include <deque>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace ferry::writer::git {

class FirstParents {
 public:
  static constexpr std::size_t kKeptTips = 8;

  // The cache ferry's writers share.
  static FirstParents& process();

  // The newest of the kDriftHorizon first-parent commits from `tip` (the tip included) whose summary is
  // `summary`; nullopt when there is none. The history ends early at a root or at a parent that cannot be
  // read, as a walk would.
  std::optional<git_oid> last_titled(git_repository* repo, const git_commit* tip, const std::string& summary);

 private:
  struct Commit {
    git_oid id;
    std::string summary;
  };
  struct History {
    std::string repository;  // git_repository_path: the same id may be shallower in another repository
    std::deque<Commit> newest_first;  // the tip, then its first parents, at most kDriftHorizon
    // Whether newest_first is the whole horizon (or the history, when it ends first); else it ends at the
    // first commit of the summary it was walked for, and is completed when another summary needs more.
    bool complete = false;
  };
  // The tip's history, derived from its parent's when known, else walked until a commit of `summary`.
  std::shared_ptr<const History> history_of(git_repository* repo, const git_commit* tip,
                                            const std::string& summary);
  // `partial` walked on to the horizon.
  std::shared_ptr<const History> completed(git_repository* repo, const History& partial);
  // Walks on from `from` (the oldest commit of `history`) along first parents, pushing each, until the
  // horizon, the history's end (a root, or a parent that cannot be read, as a walk would), or a commit
  // whose summary is `*stop_at` (null: none): true when it stopped there.
  static bool walk_on(const git_commit* from, History& history, const std::string* stop_at);
  std::shared_ptr<const History> find(const std::string& repository, const git_oid& tip) const;
  void keep(std::shared_ptr<const History> history);

  mutable std::mutex mutex_;
  std::list<std::shared_ptr<const History>> recent_;  // newest first
};

}  // namespace ferry::writer::git

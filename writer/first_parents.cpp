#include "writer/first_parents.h"

#include "writer/drift.h"
#include "writer/git_handles.h"

namespace ferry::writer::git {
namespace {

std::string commit_summary(const git_commit* commit) {
  const char* summary = git_commit_summary(const_cast<git_commit*>(commit));
  return summary == nullptr ? "" : summary;
}

}  // namespace

FirstParents& FirstParents::process() {
  static FirstParents shared;
  return shared;
}

std::optional<git_oid> FirstParents::last_titled(git_repository* repo, const git_commit* tip,
                                                 const std::string& summary) {
  auto history = history_of(repo, tip, summary);
  for (int pass = 0; pass < 2; ++pass) {
    for (const Commit& commit : history->newest_first) {
      if (commit.summary == summary) return commit.id;
    }
    if (history->complete) break;
    history = completed(repo, *history);
  }
  return std::nullopt;
}

auto FirstParents::history_of(git_repository* repo, const git_commit* tip, const std::string& summary)
    -> std::shared_ptr<const History> {
  const std::string repository = git_repository_path(repo);
  const git_oid& tip_id = *git_commit_id(tip);
  if (auto known = find(repository, tip_id)) return known;
  auto history = std::make_shared<History>();
  history->repository = repository;
  history->newest_first.push_back(Commit{tip_id, commit_summary(tip)});
  const auto parent =
      git_commit_parentcount(tip) > 0 ? find(repository, *git_commit_parent_id(tip, 0)) : nullptr;
  if (parent) {
    // The usual case: `tip` is the commit this process just made on a tip it had seen.
    for (const Commit& older : parent->newest_first) {
      if (history->newest_first.size() == static_cast<std::size_t>(kDriftHorizon)) break;
      history->newest_first.push_back(older);
    }
    history->complete =
        parent->complete || history->newest_first.size() == static_cast<std::size_t>(kDriftHorizon);
  } else if (history->newest_first.front().summary == summary) {
    history->complete = git_commit_parentcount(tip) == 0;
  } else {
    history->complete = !walk_on(tip, *history, &summary);
  }
  keep(history);
  return history;
}

auto FirstParents::completed(git_repository* repo, const History& partial) -> std::shared_ptr<const History> {
  auto history = std::make_shared<History>(partial);
  git_commit* raw = nullptr;
  if (git_commit_lookup(&raw, repo, &history->newest_first.back().id) == 0) {
    const CommitPtr oldest(raw);
    walk_on(oldest.get(), *history, nullptr);
  }
  history->complete = true;
  keep(history);
  return history;
}

bool FirstParents::walk_on(const git_commit* from, History& history, const std::string* stop_at) {
  git_commit* raw = nullptr;
  CommitPtr current;
  if (git_commit_dup(&raw, const_cast<git_commit*>(from)) == 0) current.reset(raw);
  while (current && history.newest_first.size() < static_cast<std::size_t>(kDriftHorizon)) {
    git_commit* older = nullptr;
    if (git_commit_parentcount(current.get()) == 0 || git_commit_parent(&older, current.get(), 0) != 0) break;
    current.reset(older);
    history.newest_first.push_back(Commit{*git_commit_id(older), commit_summary(older)});
    if (stop_at && history.newest_first.back().summary == *stop_at) return true;
  }
  return false;
}

auto FirstParents::find(const std::string& repository, const git_oid& tip) const
    -> std::shared_ptr<const History> {
  const std::lock_guard lock(mutex_);
  for (const auto& history : recent_) {
    if (history->repository == repository && git_oid_equal(&history->newest_first.front().id, &tip))
      return history;
  }
  return nullptr;
}

void FirstParents::keep(std::shared_ptr<const History> history) {
  const std::lock_guard lock(mutex_);
  recent_.push_front(std::move(history));
  if (recent_.size() > kKeptTips) recent_.pop_back();
}

}  // namespace ferry::writer::git

#include "writer/git_drift.h"

#include "writer/drift.h"
#include "writer/first_parents.h"
#include "writer/git_tree_ops.h"

namespace ferry::writer::git {
namespace {

// The newest commit from `tip` back along first parents whose summary is `summary`; null when there is
// none within kDriftHorizon commits or the history ends (a missing parent counts as the end).
CommitPtr last_commit_titled(git_repository* repo, const git_commit* tip, const std::string& summary) {
  const auto id = FirstParents::process().last_titled(repo, tip, summary);
  git_commit* raw = nullptr;
  if (!id || git_commit_lookup(&raw, repo, &*id) != 0) return CommitPtr{};
  return CommitPtr(raw);
}

// The content of the blob at `path` of `tree`, or nothing when there is no file there.
Result<std::optional<std::string>> blob_at(git_repository* repo, const git_tree* tree,
                                           const std::string& path, const std::string& store) {
  git_tree_entry* raw_entry = nullptr;
  const int rc = git_tree_entry_bypath(&raw_entry, tree, path.c_str());
  if (rc == GIT_ENOTFOUND) return std::optional<std::string>{};
  if (rc != 0) return failure("cannot look up " + path + " in " + store);
  const TreeEntryPtr entry(raw_entry);
  if (git_tree_entry_type(entry.get()) != GIT_OBJECT_BLOB) return std::optional<std::string>{};
  git_blob* raw_blob = nullptr;
  if (git_blob_lookup(&raw_blob, repo, git_tree_entry_id(entry.get())) != 0) {
    return failure("cannot read " + path + " in " + store);
  }
  const BlobPtr blob(raw_blob);
  const auto* data = static_cast<const char*>(git_blob_rawcontent(blob.get()));
  return std::optional<std::string>(
      std::string(data, static_cast<std::size_t>(git_blob_rawsize(blob.get()))));
}

// Every file of `scope` in `tree`.
Result<FileMap> scoped_files(git_repository* repo, const git_tree* tree, const DriftScope& scope,
                             const std::string& store) {
  FileMap files;
  for (const std::string& directory : scope.directories) {
    auto found = read_blobs(repo, tree, directory, store);
    if (!found) return found.error();
    files.merge(*found);
  }
  for (const std::string& path : scope.files) {
    auto content = blob_at(repo, tree, path, store);
    if (!content) return content.error();
    if (*content) files[path] = std::move(**content);
  }
  return files;
}

}  // namespace

Result<std::vector<std::string>> restored_drift(git_repository* repo, const Tip& tip, const git_oid& new_tree,
                                                const Change& change, const FileEdits& edits,
                                                const std::string& store) {
  if (!tip.commit) return std::vector<std::string>{};
  const CommitPtr own = last_commit_titled(repo, tip.commit.get(), summary_of(change.message));
  if (!own || git_oid_equal(git_commit_id(own.get()), &*tip.id)) return std::vector<std::string>{};
  git_tree* raw_own_tree = nullptr;
  git_tree* raw_new_tree = nullptr;
  if (git_commit_tree(&raw_own_tree, own.get()) != 0)
    return failure("cannot read an earlier tree of " + store);
  const TreePtr own_tree(raw_own_tree);
  if (git_tree_lookup(&raw_new_tree, repo, &new_tree) != 0)
    return failure("cannot read new tree in " + store);
  const TreePtr after_tree(raw_new_tree);
  const DriftScope scope = drift_scope(change, edits);
  auto own_files = scoped_files(repo, own_tree.get(), scope, store);
  if (!own_files) return own_files.error();
  auto now_files = scoped_files(repo, tip.tree.get(), scope, store);
  if (!now_files) return now_files.error();
  auto after_files = scoped_files(repo, after_tree.get(), scope, store);
  if (!after_files) return after_files.error();
  return restored_paths(*own_files, *now_files, *after_files);
}

}  // namespace ferry::writer::git

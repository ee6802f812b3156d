// StateStore on a Git remote (file://, git://, https://, allowed http://, ssh://, user@host:path), written
// with libgit2 through a cache: one bare repository per store and branch under the cache directory, kept
// between runs, holding only that branch (libgit2 has no shallow fetch) and never a work tree or a
// credential (no remote is configured in it; its `description` file names the store for humans). Each
// apply() fetches the branch, builds its one commit on the remote tip (git_commit.h, shared with
// LocalGitRepo) and pushes it, never forced. When the remote branch moved meanwhile, the same change is
// rebuilt on the new tip and pushed again (RetryPolicy). The remote branch is created by the first commit
// when it is missing; the remote repository itself must exist.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>

#include "writer/state_store.h"
#include "writer/store_spec.h"
#include "writer/store_url.h"

namespace ferry::writer {

class RemoteGitRepo : public StateStore {
 public:
  // Checks the URL (a remote transport or file://; plain http:// only with allow_insecure_http), the branch
  // name and that a cache directory is set, and trusts the CA bundle. Touches neither the network nor the
  // cache. Refusing http:// reads
  //   refusing plain http:// for state store <url>: credentials and content would travel unencrypted;
  //   use https://, or set allow_insecure_http for this store
  static Result<std::unique_ptr<RemoteGitRepo>> open(const StoreSpec& spec);

  std::string describe() const override;  // "<url without credentials> (branch <branch>)"
  // As StateStore::apply; CommitOutcome::push_retries counts the refused pushes that were followed by a
  // rebuild on the fetched tip (lock contention on the server included). After the last attempt, or at once
  // when the server refused the push while its branch stayed where it was (a hook or a permission), fails
  // with the server's own words:
  //   cannot push to <store>: the server refused the push: <ref>: <status>[; remote: <hook output line>]...
  //   cannot push to <store>: the remote branch kept moving (<n> attempts); last refusal: <refusal>
  Result<CommitOutcome> apply(const Change& change) override;
  // Fetches, then reads the remote tip from the cache.
  Result<std::map<std::string, std::string>> read_files(const std::string& prefix) override;
  // As read_files' keys, from a walk of the tip's trees: no blob is read.
  Result<std::vector<std::string>> list_paths(const std::string& prefix) override;
  Result<std::vector<std::string>> list_paths_within(const std::string& prefix, const std::string& name,
                                                     const std::vector<std::string>& within) override;
  // The files of commit `commit` of this repository (the fetch cache's, for a remote store): no fetch.
  Result<std::map<std::string, std::string>> read_files_at(const std::string& commit,
                                                           const std::string& prefix) override;
  // Fetches, then as read_files, with the folder's tree id.
  Result<std::optional<std::string>> read_file_at(const std::string& commit,
                                                  const std::string& path) override;
  Result<FolderRead> read_folder(const std::string& prefix, const KnownFolder& known) override;
  // After a fetch of the branch into the cache, as read_files.
  Result<BranchHistory> history_since(const std::optional<std::string>& since) override;

  // <cache_dir>/<16 hex digits of stable_hash(url without credentials + "\n" + branch)>.git
  const std::filesystem::path& cache_path() const { return cache_path_; }

  // Tests only: called in apply() after each commit is built on the fetched tip and before it is pushed,
  // so that a test can move the remote branch at exactly that moment (a push race made deterministic).
  void set_before_push_for_tests(std::function<void()> hook) { before_push_ = std::move(hook); }

 private:
  RemoteGitRepo(StoreUrl url, const StoreSpec& spec, std::filesystem::path cache_path);
  std::chrono::milliseconds back_off_delay(int retry);
  // read_folder's and list_paths' common part: `read(repo, tip tree, trimmed prefix, store name)` on the
  // fetched tip, under the cache's lock; an empty T when the branch has no tree.
  template <typename T, typename Read>
  Result<T> on_fetched_tree(const std::string& prefix, Read read);

  StoreUrl url_;
  std::string branch_;
  Credentials credentials_;
  RetryPolicy retry_;
  std::filesystem::path cache_path_;
  std::mutex random_mutex_;
  std::mt19937_64 random_;
  std::function<void()> before_push_;
};

}  // namespace ferry::writer

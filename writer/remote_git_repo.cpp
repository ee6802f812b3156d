#include "writer/remote_git_repo.h"

#include <cstdio>
#include <thread>
#include <utility>

#include "core/stable_hash.h"
#include "writer/branch_history.h"
#include "writer/checked_odb.h"
#include "writer/file_lock.h"
#include "writer/git_commit.h"
#include "writer/git_remote_ops.h"
#include "writer/git_tree_ops.h"
#include "writer/path_rules.h"
#include "writer/ref_commit.h"
#include "writer/tls_trust.h"

namespace ferry::writer {
namespace {

// The cache repository, locked for this thread: ferry's writers of one store queue on the lock file
// (<hash>.lock beside the repository); the remote's own checks never depend on it.
struct Cache {
  FileLock lock;
  git::RepoPtr repo;
};

Result<git::RepoPtr> open_or_create(const std::filesystem::path& path, const std::string& branch,
                                    const std::string& store) {
  const std::string cache = "the cache " + path.string() + " of " + store;
  std::error_code error;
  if (std::filesystem::exists(path, error)) {
    if (auto opened = git::open_checked_repository(path, cache); opened) return opened;
    std::filesystem::remove_all(path, error);  // a broken cache is only a cache: start again
  }
  git_repository* raw = nullptr;
  const std::string description = "ferry cache of " + store + "\n";
  git_repository_init_options options = GIT_REPOSITORY_INIT_OPTIONS_INIT;
  options.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_MKPATH;
  options.initial_head = branch.c_str();
  options.description = description.c_str();
  if (git_repository_init_ext(&raw, path.c_str(), &options) != 0) {
    return git::failure("cannot create " + cache);
  }
  git::RepoPtr repo(raw);
  if (auto checked = git::check_objects(repo.get(), cache); !checked) return checked.error();
  return repo;
}

Result<Cache> lock_cache(const std::filesystem::path& path, const std::string& branch,
                         const std::string& store) {
  git::ensure_initialised();
  std::error_code error;
  std::filesystem::create_directories(path.parent_path(), error);
  if (error)
    return make_error("cannot create the cache directory " + path.parent_path().string() + " of " + store);
  auto lock = FileLock::acquire(std::filesystem::path(path).replace_extension(".lock"));
  if (!lock) return lock.error();
  auto repo = open_or_create(path, branch, store);
  if (!repo) return repo.error();
  // The refs ferry moves in the cache (fetch_branch, push_commit), freed of a lock a killed ferry left.
  for (const std::string& ref : {"refs/heads/" + branch, "refs/ferry/outgoing/" + branch}) {
    git::clear_stale_ref_lock(repo->get(), ref);
  }
  return Cache{std::move(lock).value(), std::move(repo).value()};
}

std::string hex16(std::uint64_t value) {
  char text[17] = {};
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// A server refusal worth retrying even when the branch did not move: another push held the ref's lock.
bool lock_contention(const std::string& refusal) {
  return refusal.find("cannot lock ref") != std::string::npos ||
         refusal.find("failed to lock") != std::string::npos;
}

bool same_tip(const std::optional<git_oid>& a, const std::optional<git_oid>& b) {
  return a.has_value() == b.has_value() && (!a || git_oid_equal(&*a, &*b) != 0);
}

}  // namespace

RemoteGitRepo::RemoteGitRepo(StoreUrl url, const StoreSpec& spec, std::filesystem::path cache_path)
    : url_(std::move(url)),
      branch_(spec.branch),
      credentials_(spec.credentials),
      retry_(spec.retry),
      cache_path_(std::move(cache_path)),
      random_(spec.retry.seed ? *spec.retry.seed : std::random_device{}()) {}

Result<std::unique_ptr<RemoteGitRepo>> RemoteGitRepo::open(const StoreSpec& spec) {
  auto url = parse_store_url(spec.url, spec.platform_root);
  if (!url) return url.error();
  if (url->transport == StoreTransport::kLocalPath) {
    return make_error("state store " + url->display +
                      " is a local path, not a URL: open it with LocalGitRepo");
  }
  if (url->transport == StoreTransport::kHttp && !spec.allow_insecure_http) {
    return make_error("refusing plain http:// for state store " + url->display +
                      ": credentials and content would travel unencrypted; use https://, or set "
                      "allow_insecure_http for this store");
  }
  git::ensure_initialised();
  if (branch_name_problem(spec.branch)) {
    return make_error("invalid branch name \"" + spec.branch + "\" for state store " + url->display);
  }
  if (spec.cache_dir.empty()) return make_error("no cache directory set for state store " + url->display);
  if (url->transport == StoreTransport::kHttps && !spec.credentials.tls.ca_bundle.empty()) {
    if (auto trusted = trust_ca_bundle(spec.credentials.tls.ca_bundle, url->display); !trusted) {
      return trusted.error();
    }
  }
  if (spec.retry.attempts < 1)
    return make_error("state store " + url->display + ": retry attempts must be at least 1");
  const std::string name = hex16(stable_hash(url->remote + "\n" + spec.branch)) + ".git";
  auto cache = std::filesystem::absolute(spec.cache_dir) / name;
  return std::unique_ptr<RemoteGitRepo>(new RemoteGitRepo(std::move(url).value(), spec, std::move(cache)));
}

std::string RemoteGitRepo::describe() const {
  return url_.display + " (branch " + branch_ + ")";
}

std::chrono::milliseconds RemoteGitRepo::back_off_delay(int retry) {
  const auto full =
      std::min<std::chrono::milliseconds>(retry_.base_delay * (1LL << std::min(retry, 20)), retry_.max_delay);
  const std::lock_guard lock(random_mutex_);
  std::uniform_int_distribution<long long> jitter(0, full.count() / 2);
  return full / 2 + std::chrono::milliseconds(jitter(random_));
}

Result<CommitOutcome> RemoteGitRepo::apply(const Change& change) {
  if (auto valid = validate_change(change); !valid) return valid.error();
  const std::string store = describe();
  auto cache = lock_cache(cache_path_, branch_, store);
  if (!cache) return cache.error();
  git_repository* repo = cache->repo.get();
  const git::RemoteTarget target{url_, branch_, credentials_, store};
  auto remote_tip = git::fetch_branch(repo, target);
  std::string last_refusal;
  for (int attempt = 0; attempt < retry_.attempts; ++attempt) {
    if (!remote_tip) return remote_tip.error();
    auto tip = git::load_tip(repo, *remote_tip, store);
    if (!tip) return tip.error();
    auto built = git::build_commit(repo, *tip, change, store);
    if (!built) return built.error();
    // Every attempt after the first follows one refused push: `attempt` is the retries made so far.
    if (!built->commit) return CommitOutcome{{}, {}, attempt};
    if (before_push_) before_push_();
    auto reply = git::push_commit(repo, target, *built->commit);
    if (!reply) return reply.error();
    if (reply->accepted)
      return CommitOutcome{git::oid_hex(*built->commit), std::move(built->drift_restored), attempt};
    last_refusal = reply->refusal;
    const auto before = *remote_tip;
    remote_tip = git::fetch_branch(repo, target);
    const bool moved = reply->branch_moved || !remote_tip || !same_tip(*remote_tip, before);
    if (!moved && !lock_contention(last_refusal)) {
      return make_error("cannot push to " + store + ": the server refused the push: " + last_refusal);
    }
    if (attempt + 1 < retry_.attempts) std::this_thread::sleep_for(back_off_delay(attempt));
  }
  return make_error("cannot push to " + store + ": the remote branch kept moving (" +
                    std::to_string(retry_.attempts) + " attempts); last refusal: " + last_refusal);
}

Result<std::map<std::string, std::string>> RemoteGitRepo::read_files(const std::string& prefix) {
  auto read = read_folder(prefix, KnownFolder{});  // nothing known: every file is read
  if (!read) return read.error();
  return std::move(read->files);
}

Result<std::map<std::string, std::string>> RemoteGitRepo::read_files_at(const std::string& commit,
                                                                        const std::string& prefix) {
  auto trimmed = normalise_read_prefix(prefix);
  if (!trimmed) return trimmed.error();
  const std::string store = describe();
  auto cache = lock_cache(cache_path_, branch_, store);
  if (!cache) return cache.error();
  return git::read_blobs_at(cache->repo.get(), commit, *trimmed, store);
}

Result<std::optional<std::string>> RemoteGitRepo::read_file_at(const std::string& commit,
                                                               const std::string& path) {
  auto trimmed = normalise_read_prefix(path);
  if (!trimmed) return trimmed.error();
  const std::string store = describe();
  auto cache = lock_cache(cache_path_, branch_, store);
  if (!cache) return cache.error();
  return git::read_file_at(cache->repo.get(), commit, *trimmed, store);
}

template <typename T, typename Read>
Result<T> RemoteGitRepo::on_fetched_tree(const std::string& prefix, Read read) {
  auto trimmed = normalise_read_prefix(prefix);
  if (!trimmed) return trimmed.error();
  const std::string store = describe();
  auto cache = lock_cache(cache_path_, branch_, store);
  if (!cache) return cache.error();
  auto remote_tip = git::fetch_branch(cache->repo.get(), {url_, branch_, credentials_, store});
  if (!remote_tip) return remote_tip.error();
  auto tip = git::load_tip(cache->repo.get(), *remote_tip, store);
  if (!tip) return tip.error();
  if (!tip->tree) return T{};
  return read(cache->repo.get(), tip->tree.get(), *trimmed, store);
}

Result<FolderRead> RemoteGitRepo::read_folder(const std::string& prefix, const KnownFolder& known) {
  return on_fetched_tree<FolderRead>(
      prefix, [&](git_repository* repo, const git_tree* tree, const std::string& trimmed,
                  const std::string& store) { return git::read_folder(repo, tree, trimmed, known, store); });
}

Result<std::vector<std::string>> RemoteGitRepo::list_paths(const std::string& prefix) {
  return on_fetched_tree<std::vector<std::string>>(prefix, git::list_blob_paths);
}

Result<std::vector<std::string>> RemoteGitRepo::list_paths_within(const std::string& prefix,
                                                                  const std::string& name,
                                                                  const std::vector<std::string>& within) {
  return on_fetched_tree<std::vector<std::string>>(
      prefix,
      [&](git_repository* repo, const git_tree* tree, const std::string& trimmed, const std::string& store) {
        return git::list_blob_paths_within(repo, tree, trimmed, name, within, store);
      });
}

Result<BranchHistory> RemoteGitRepo::history_since(const std::optional<std::string>& since) {
  const std::string store = describe();
  auto cache = lock_cache(cache_path_, branch_, store);
  if (!cache) return cache.error();
  auto remote_tip = git::fetch_branch(cache->repo.get(), {url_, branch_, credentials_, store});
  if (!remote_tip) return remote_tip.error();
  return git::history_since(cache->repo.get(), *remote_tip, since, store);
}

}  // namespace ferry::writer

#include "writer/git_remote_ops.h"

#include <sstream>
#include <vector>

#include "core/fault_point.h"
#include "writer/checked_odb.h"
#include "writer/git_callbacks.h"
#include "writer/git_commit.h"
#include "writer/network_timeout.h"
#include "writer/timeout_stream.h"
#include "writer/tls_trust.h"
#include "writer/transport_errors.h"

namespace ferry::writer::git {
namespace {

using RemotePtr = Handle<git_remote, git_remote_free>;

std::string last_message() {
  const git_error* last = git_error_last();
  return last != nullptr && last->message != nullptr ? last->message : "";
}

// An in-memory remote for the URL, made before every fetch and push: nothing written to the cache's config,
// and no url.<x>.insteadOf rewriting from the user's git configuration (which would also make libgit2 1.5
// leak regex match data).
Result<RemotePtr> anonymous_remote(git_repository* cache, const RemoteTarget& target,
                                   const std::string& doing) {
  take_stream_timeout();  // a timeout of an earlier operation on this thread is not this one's cause
  git_remote_create_options options = GIT_REMOTE_CREATE_OPTIONS_INIT;
  options.repository = cache;
  options.flags = GIT_REMOTE_CREATE_SKIP_INSTEADOF | GIT_REMOTE_CREATE_SKIP_DEFAULT_FETCHSPEC;
  git_remote* raw = nullptr;
  if (git_remote_create_with_opts(&raw, target.url.remote.c_str(), &options) != 0) {
    return transport_error(target.url, {doing, target.store, last_message(), ""});
  }
  return RemotePtr(raw);
}

// --network-timeout bounds a fetch or push over the network as a whole; a file:// one has no deadline.
std::optional<std::chrono::milliseconds> deadline_of(const RemoteTarget& target) {
  if (target.url.transport == StoreTransport::kFile) return std::nullopt;
  return network_timeouts().idle;
}

// The failure just reported by libgit2, with the timeout of ferry's stream when that was the cause.
Error failed(const RemoteTarget& target, const std::string& doing, const TransportContext& context) {
  std::optional<NetworkTimeout> timeout;
  if (auto timed_out = take_stream_timeout()) {
    timeout = NetworkTimeout{timed_out->host + ":" + timed_out->port, timed_out->waited,
                             timed_out->connecting, timed_out->whole_operation, timed_out->interrupted};
  }
  return transport_error(target.url, {doing, target.store, last_message(), context.failure, timeout});
}

// Sets (or, for nullopt, deletes) `ref` in the cache.
Status set_ref(git_repository* cache, const std::string& ref, const std::optional<git_oid>& id,
               const std::string& store) {
  git_reference* raw = nullptr;
  if (id) {
    const int rc = git_reference_create(&raw, cache, ref.c_str(), &*id, 1, "ferry");
    const ReferencePtr created(raw);
    if (rc != 0) return failure("cannot update " + ref + " in the cache of " + store);
    return ok();
  }
  const int rc = git_reference_remove(cache, ref.c_str());
  if (rc != 0 && rc != GIT_ENOTFOUND) return failure("cannot delete " + ref + " in the cache of " + store);
  return ok();
}

// "<ref>: <status>; remote: <line>; ..." from the server's statuses and sideband lines.
std::string refusal_text(const TransportContext& context) {
  std::string text;
  for (const std::string& rejected : context.rejected) text += (text.empty() ? "" : "; ") + rejected;
  std::istringstream lines(context.remote_output);
  for (std::string line; std::getline(lines, line);) {
    if (const auto cr = line.find_last_of('\r'); cr != std::string::npos) line = line.substr(cr + 1);
    if (line.empty() || line.find("Resolving deltas") != std::string::npos) continue;
    text += "; remote: " + line;
  }
  return text;
}

// Pushes with one refspec and reads the server's answer; the cache's refs are left alone.
Result<PushReply> send(git_repository* cache, const RemoteTarget& target, std::string refspec) {
  const std::string doing = "cannot push to";
  auto remote = anonymous_remote(cache, target, doing);
  if (!remote) return remote.error();
  TransportContext context(target.url, target.credentials);
  git_push_options options = GIT_PUSH_OPTIONS_INIT;
  options.callbacks = make_callbacks(context);
  char* specs[] = {refspec.data()};
  const git_strarray refspecs{specs, 1};
  int rc = 0;
  {
    const auto guard = network_guard();
    const OperationDeadline deadline(deadline_of(target));
    rc = git_remote_push(remote->get(), &refspecs, &options);
  }
  if (rc == GIT_ENONFASTFORWARD)
    return PushReply{false, true, "the remote branch moved (" + last_message() + ")"};
  if (rc != 0) return failed(target, doing, context);
  if (!context.rejected.empty()) return PushReply{false, false, refusal_text(context)};
  return PushReply{true, false, ""};
}

// The objects of `commit` (in `source`) that `known` lacks, as one new pack in `destination`'s objects/pack
// (libgit2's packbuilder writes it under a temporary name and renames it, so a reader sees all of it or
// none). `destination` has `known` and all it reaches. `doing` is "push to" or "fetch from", for messages.
Status copy_new_objects(git_repository* source, git_repository* destination, const git_commit* commit,
                        const std::optional<git_oid>& known, const std::string& doing,
                        const std::string& store) {
  git_revwalk* raw_walk = nullptr;
  if (git_revwalk_new(&raw_walk, source) != 0)
    return failure("cannot list the objects to " + doing + " " + store);
  const RevwalkPtr walk(raw_walk);
  if (git_revwalk_push(walk.get(), git_commit_id(commit)) != 0 ||
      (known && git_revwalk_hide(walk.get(), &*known) != 0)) {
    return failure("cannot list the objects to " + doing + " " + store);
  }
  git_packbuilder* raw_builder = nullptr;
  if (git_packbuilder_new(&raw_builder, source) != 0)
    return failure("cannot pack the objects to " + doing + " " + store);
  const PackBuilderPtr builder(raw_builder);
  if (git_packbuilder_insert_walk(builder.get(), walk.get()) != 0)
    return failure("cannot pack the objects to " + doing + " " + store);
  const std::string pack_dir = std::string(git_repository_path(destination)) + "objects/pack";
  if (git_packbuilder_write(builder.get(), pack_dir.c_str(), 0, nullptr, nullptr) != 0)
    return failure("cannot " + doing + " " + store);
  return ok();
}

// A file:// push without libgit2's local transport, which moves the remote ref without checking its old
// value and lists every ref of the remote while other writers change them (failing, and leaking what it
// listed, when one disappears): the new objects go straight into the remote's object store, then the
// branch moves by compare-and-swap from the commit's parent, as LocalGitRepo moves it. A writer killed
// between the two leaves only unreachable objects, which git gc prunes.
Result<PushReply> push_to_file_remote(git_repository* cache, const RemoteTarget& target,
                                      const git_oid& commit) {
  git_commit* raw_commit = nullptr;
  if (git_commit_lookup(&raw_commit, cache, &commit) != 0)
    return failure("cannot read the new commit of " + target.store);
  const CommitPtr pushed(raw_commit);
  std::optional<git_oid> parent;
  if (git_commit_parentcount(pushed.get()) > 0) parent = *git_commit_parent_id(pushed.get(), 0);
  git_repository* raw_remote = nullptr;
  if (git_repository_open_bare(&raw_remote, target.url.local_path.c_str()) != 0) {
    return failure("cannot push to " + target.store);
  }
  const RepoPtr remote(raw_remote);
  if (auto checked = check_objects(remote.get(), target.store); !checked) return checked.error();
  if (auto copied = copy_new_objects(cache, remote.get(), pushed.get(), parent, "push to", target.store);
      !copied)
    return copied.error();
  fault_point(FaultPoint::kMidPush);
  auto moved =
      compare_and_swap_ref(remote.get(), "refs/heads/" + target.branch, commit, parent, target.store);
  if (!moved) return moved.error();
  if (!*moved) return PushReply{false, true, "the remote branch moved"};
  return PushReply{true, false, ""};
}

// A file:// fetch without libgit2's local transport, which reads the remote's objects through a repository
// of its own, where a cut-short loose object spins libgit2 1.5 forever: the remote is opened with its loose
// objects checked (checked_odb.h), the objects the cache lacks are packed into the cache, as
// push_to_file_remote does the other way, and the cache's branch mirrors the remote's.
Result<std::optional<git_oid>> fetch_from_file_remote(git_repository* cache, const RemoteTarget& target) {
  const std::string ref = "refs/heads/" + target.branch;
  git_repository* raw_remote = nullptr;
  if (git_repository_open_bare(&raw_remote, target.url.local_path.c_str()) != 0)
    return failure("cannot fetch from " + target.store);
  const RepoPtr remote(raw_remote);
  if (auto checked = check_objects(remote.get(), target.store); !checked) return checked.error();
  std::optional<git_oid> tip;
  git_oid id;
  if (git_reference_name_to_id(&id, remote.get(), ref.c_str()) == 0) tip = id;
  git_odb* raw_odb = nullptr;
  if (git_repository_odb(&raw_odb, cache) != 0) return failure("cannot fetch from " + target.store);
  const OdbPtr cache_odb(raw_odb);
  if (tip && !git_odb_exists(cache_odb.get(), &*tip)) {
    git_commit* raw_commit = nullptr;
    if (git_commit_lookup(&raw_commit, remote.get(), &*tip) != 0)
      return failure("cannot fetch from " + target.store);
    const CommitPtr fetched(raw_commit);
    std::optional<git_oid> known;  // the cache's copy of the branch, when the remote still has it
    git_odb* raw_remote_odb = nullptr;
    if (git_reference_name_to_id(&id, cache, ref.c_str()) == 0 &&
        git_repository_odb(&raw_remote_odb, remote.get()) == 0) {
      const OdbPtr remote_odb(raw_remote_odb);
      if (git_odb_exists(remote_odb.get(), &id)) known = id;
    }
    if (auto copied = copy_new_objects(remote.get(), cache, fetched.get(), known, "fetch from", target.store);
        !copied)
      return copied.error();
  }
  if (auto updated = set_ref(cache, ref, tip, target.store); !updated) return updated.error();
  return tip;
}

}  // namespace

Result<std::optional<git_oid>> fetch_branch(git_repository* cache, const RemoteTarget& target) {
  if (target.url.transport == StoreTransport::kFile) return fetch_from_file_remote(cache, target);
  const std::string doing = "cannot fetch from";
  auto remote = anonymous_remote(cache, target, doing);
  if (!remote) return remote.error();
  TransportContext context(target.url, target.credentials);
  git_fetch_options options = GIT_FETCH_OPTIONS_INIT;
  options.callbacks = make_callbacks(context);
  options.prune = GIT_FETCH_NO_PRUNE;
  options.update_fetchhead = 0;
  options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
  const std::string ref = "refs/heads/" + target.branch;
  std::string refspec = "+" + ref + ":" + ref;
  char* specs[] = {refspec.data()};
  const git_strarray refspecs{specs, 1};
  {
    const auto guard = network_guard();
    const OperationDeadline deadline(deadline_of(target));
    const int rc = git_remote_fetch(remote->get(), &refspecs, &options, "ferry: fetch");
    if (rc != 0) return failed(target, doing, context);
  }
  const git_remote_head** heads = nullptr;
  std::size_t count = 0;
  if (git_remote_ls(&heads, &count, remote->get()) != 0) return failed(target, doing, context);
  std::optional<git_oid> tip;
  for (std::size_t i = 0; i < count; ++i) {
    if (ref == heads[i]->name) tip = heads[i]->oid;
  }
  if (auto updated = set_ref(cache, ref, tip, target.store); !updated) return updated.error();
  return tip;
}

Result<PushReply> push_commit(git_repository* cache, const RemoteTarget& target, const git_oid& commit) {
  const std::string outgoing = "refs/ferry/outgoing/" + target.branch;
  if (auto set = set_ref(cache, outgoing, commit, target.store); !set) return set.error();
  fault_point(FaultPoint::kBeforePush);
  const Result<PushReply> reply = target.url.transport == StoreTransport::kFile
                                      ? push_to_file_remote(cache, target, commit)
                                      : send(cache, target, outgoing + ":refs/heads/" + target.branch);
  if (auto removed = set_ref(cache, outgoing, std::nullopt, target.store); !removed) return removed.error();
  if (reply && reply->accepted) {
    if (auto mirrored = set_ref(cache, "refs/heads/" + target.branch, commit, target.store); !mirrored) {
      return mirrored.error();
    }
  }
  return reply;
}

}  // namespace ferry::writer::git

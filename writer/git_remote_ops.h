// Fetching one branch of a remote into a cache repository, and pushing one commit to it, with libgit2.
// Never forced, no work tree, no remote configured in the cache (so neither its config nor FETCH_HEAD
// ever holds the URL). Internal to writer/.
#pragma once

#include <optional>
#include <string>

#include "writer/credentials.h"
#include "writer/git_handles.h"
#include "writer/store_url.h"

namespace ferry::writer::git {

struct RemoteTarget {
  const StoreUrl& url;
  const std::string& branch;
  const Credentials& credentials;
  const std::string& store;  // the store's describe(), for messages
};

// Fetches refs/heads/<branch> into the cache's refs/heads/<branch>, which then mirrors the remote (it is
// deleted when the remote has no such branch). Returns the remote's tip, nullopt when the branch does not
// exist there. Errors come from transport_errors.h ("cannot fetch from <store>: ...").
Result<std::optional<git_oid>> fetch_branch(git_repository* cache, const RemoteTarget& target);

// How the server answered a push.
struct PushReply {
  bool accepted = false;
  bool branch_moved = false;  // libgit2 saw before sending that the remote tip is not our commit's parent
  std::string refusal;        // when not accepted: the server's words, its sideband output included
};

// Pushes `commit` (in the cache) to refs/heads/<branch> of the remote, creating the branch when it is
// missing, never forced; once accepted, the cache's refs/heads/<branch> follows. An error for transport
// failures ("cannot push to <store>: ..."), a PushReply for anything the server answered.
Result<PushReply> push_commit(git_repository* cache, const RemoteTarget& target, const git_oid& commit);

}  // namespace ferry::writer::git

#include "writer/git_handles.h"

#include "writer/fsync_setting.h"
#include "writer/timeout_stream.h"

namespace ferry::writer::git {
namespace {

// libgit2 itself, with ferry's TCP stream (timeout_stream.h) registered before any connection is made, and
// without libgit2's own check of each object read against its id: ferry's backends check every object of
// every repository it opens (checked_odb.h), with a SHA-1 about four times faster.
struct Library {
  Library() {
    git_libgit2_init();
    register_timeout_stream();
    git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
    git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, fsync_on() ? 1 : 0);
  }
  ~Library() { git_libgit2_shutdown(); }
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
};

}  // namespace

void ensure_initialised() {
  static const Library library;
}

Error failure(const std::string& what) {
  const git_error* last = git_error_last();
  const std::string cause =
      last != nullptr && last->message != nullptr ? last->message : "unknown libgit2 error";
  return make_error(what + ": " + cause);
}

}  // namespace ferry::writer::git

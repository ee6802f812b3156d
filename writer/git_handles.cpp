#include "writer/git_handles.h"

namespace ferry::writer::git {
namespace {

struct Library {
  Library() { git_libgit2_init(); }
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

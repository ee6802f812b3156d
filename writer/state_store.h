// A state store repository: where bundles are committed. One transaction (Change) becomes at most one
// commit on the branch; the branch moves last, by compare-and-swap. Implementations: LocalGitRepo
// (local_git_repo.h, libgit2 on a bare repository) and RecordingStateStore (recording_state_store.h).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::writer {

struct Author {
  std::string name = "ferry";
  std::string email = "ferry@localhost";
};

// The complete content of one directory of the repository: after the commit, `directory` holds exactly
// `files` (paths relative to it) and nothing else.
struct Bundle {
  std::string directory;                     // repository-relative, '/'-separated, no leading '/'
  std::map<std::string, std::string> files;  // relative path -> bytes
};

struct Change {
  std::vector<Bundle> bundles;
  std::vector<std::string> removed_directories;  // deleted with everything below them
  std::string message;                           // full commit message, trailers included
  Author author;
};

struct CommitOutcome {
  std::optional<std::string> commit_sha;  // empty when the change left the tree as it was
};

class StateStore {
 public:
  virtual ~StateStore() = default;
  virtual std::string describe() const = 0;  // for messages; never contains credentials
  // Applies the change on the branch tip as one commit: first every removed directory and every bundle
  // directory is emptied, then every bundle file is written. Refuses paths with "..", absolute paths, empty
  // segments and ".git" segments before writing anything (writer/path_rules.h has the exact rules and
  // messages). No commit, and an empty commit_sha, when the tree would not change. Safe to call from
  // several threads.
  virtual Result<CommitOutcome> apply(const Change& change) = 0;
  // Every file on the branch below `prefix` ("" for all; a trailing '/' is ignored): repository-relative
  // path (prefix included) -> bytes. Empty when the branch or the prefix directory is absent.
  virtual Result<std::map<std::string, std::string>> read_files(const std::string& prefix) = 0;
};

}  // namespace ferry::writer

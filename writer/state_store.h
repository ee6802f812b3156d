// A state store repository: where bundles are committed (StateStore), and what a commit is made of: the
// commit's author, nested bundles, flat placements and their removals, single-file writes (Change) and what a
// commit did (CommitOutcome), and a branch's commits since a given one, for drift checks (BranchHistory). One
// Change becomes at most one commit on the branch; the branch moves last, by compare-and-swap.
// Implementations: LocalGitRepo (local_git_repo.h, libgit2 on a bare repository), the remote stores of
// store_factory.h, and in-memory stores (memory_state_store.h, planning_store.h).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "writer/paths_within.h"

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

// A Destination's spec.filepath.mode (reference §4.2-4.5; its spellings: layout.h filepath_mode_named).
// nestedByMetadata placements are Bundles; the two flat modes have no directory per placement and are
// FlatPlacements.
enum class FilepathMode { nested_by_metadata, none, aggregated_yaml };

// Where a flat placement goes. Record files live in <store path>/<destination path>/.kratix/ and, as in
// Kratix, list files relative to the store path (writer/flat_layout.h has the format).
struct FlatDestination {
  FilepathMode mode = FilepathMode::none;
  std::string store_path;                          // GitStateStore spec.path
  std::string destination_path;                    // Destination spec.path
  std::string aggregate_file = "aggregated.yaml";  // aggregatedYAML: spec.filepath.filename
  bool operator==(const FlatDestination&) const = default;
};

// One placement on a flat Destination. mode none: every file at <destination dir>/<file>, and the record
// <destination dir>/.kratix/<record>.yaml listing them, so the next write removes the ones that went.
// aggregatedYAML: the record keeps the files' content, and <destination dir>/<aggregate file> is rebuilt
// from every record of the Destination, sorted by work placement name, joined by "\n---\n".
struct FlatPlacement {
  FlatDestination destination;
  std::string record;          // layout.h placement_record_name: "<namespace>-<work placement name>"
  std::string work_placement;  // what aggregatedYAML sorts by
  std::string owner;           // the request or Promise that wrote it, what FlatRemoval names
  std::map<std::string, std::string> files;  // relative path -> bytes, as in a Bundle
};

// Everything `owner` placed on one flat Destination: its records go, with the files they list (mode none) or
// their part of the aggregate (aggregatedYAML). The flat counterpart of removed_directories.
struct FlatRemoval {
  FlatDestination destination;
  std::string owner;
};

// One file written or deleted on its own, leaving the rest of its directory as it is: Kratix's canary
// files (layout.h canary_paths) sit in directories that hold placements, so they cannot be Bundles.
struct FileWrite {
  std::string path;                    // repository-relative, '/'-separated, no leading '/'
  std::optional<std::string> content;  // the bytes; nullopt deletes the file (nothing when it is absent)
  bool operator==(const FileWrite&) const = default;
};

struct Change {
  std::vector<Bundle> bundles;
  std::vector<std::string> removed_directories;  // deleted with everything below them
  std::string message;                           // full commit message, trailers included
  Author author;
  std::vector<FlatRemoval> flat_removals;      // applied after bundles, before flat_placements
  std::vector<FlatPlacement> flat_placements;  // applied last
  std::vector<FileWrite> files;                // applied after bundles, before the flat edits
};

struct CommitOutcome {
  std::optional<std::string> commit_sha;  // empty when the change left the tree as it was
  // Repository paths the commit put back after someone else changed them since the change's owner last
  // committed (writer/drift.h), sorted; empty without a commit.
  std::vector<std::string> drift_restored;
  // Pushes refused because the remote branch had moved, each followed by a rebuild on the new tip (remote
  // stores only; 0 locally, where the compare-and-swap retries in-process and is not a push).
  int push_retries = 0;
};

// One commit of a branch, as StateStore::history_since reports it for drift checks (run/drift_check.h).
struct BranchCommit {
  std::string sha;
  bool by_ferry = false;  // its message has a line starting "Ferry-", as every commit ferry makes has
  // Files it added, changed or removed against its first parent; left empty for ferry's own commits.
  std::vector<std::string> changed_paths = {};
};

struct BranchHistory {
  std::optional<std::string> tip;  // the branch's tip; nullopt when there is no such branch
  // false when `since` is not among the tip's last kHistoryHorizon first parents (a rewritten branch).
  bool since_found = true;
  std::vector<BranchCommit> commits = {};  // after `since`, up to the tip, oldest first, along first parents
};

// How far back history_since looks for `since`.
inline constexpr int kHistoryHorizon = 10000;

// What a caller knows of a folder from an earlier read_folder: the id of its tree, and the blob id of each
// file below it (repository-relative path -> 40 hex digits). Empty: nothing known.
struct KnownFolder {
  std::string tree_id;
  std::map<std::string, std::string> blob_ids;
};

// What read_folder gives: the id of the folder's tree on the tip ("" when the store keeps none, or the
// folder is absent), and its files unless that id is the one the caller already knows (`unchanged`: then
// the rest is empty and the caller keeps what it made of them the last time). Stores that keep trees also
// give blob ids, and leave out of `files` each file whose blob id is the one the caller knows. When the
// store still holds the known tree, the read is a `delta` against it: `files` and `blob_ids` hold only the
// files added or changed since, `removed` the paths of those that went; otherwise `blob_ids` has every file.
struct FolderRead {
  std::string tree_id;
  bool unchanged = false;
  std::map<std::string, std::string> files;     // as read_files, less the files known unchanged
  std::map<std::string, std::string> blob_ids;  // path -> blob id of every file (a delta: of those in files)
  bool delta = false;
  std::vector<std::string> removed;  // a delta: the known files that are gone
};

class StateStore {
 public:
  virtual ~StateStore() = default;
  virtual std::string describe() const = 0;  // for messages; never contains credentials
  // Applies the change on the branch tip as one commit: first every removed directory and every bundle
  // directory is emptied, then every bundle file is written, then every file write, then the flat removals
  // and placements are applied against the records on the tip (flat_layout.h expand_flat). Refuses paths with
  // "..", absolute paths, empty segments and ".git" segments before writing anything (writer/path_rules.h has
  // the exact rules and messages). No commit, and an empty commit_sha, when the tree would not change. Safe
  // to call from several threads.
  virtual Result<CommitOutcome> apply(const Change& change) = 0;
  // Every file on the branch below `prefix` ("" for all; a trailing '/' is ignored): repository-relative
  // path (prefix included) -> bytes. Empty when the branch or the prefix directory is absent.
  virtual Result<std::map<std::string, std::string>> read_files(const std::string& prefix) = 0;
  // As read_files, but as of `commit` (40 hex digits; "" for a branch that does not exist), a tip that
  // history_since returned in this run, so that nothing is fetched again. Stores that keep no history (in
  // memory) read their files as they are now: this default.
  virtual Result<std::map<std::string, std::string>> read_files_at(const std::string& commit,
                                                                   const std::string& prefix) {
    (void)commit;
    return read_files(prefix);
  }
  // The file at `path` as of `commit` (as read_files_at): its bytes, nullopt when there is none. Stores that
  // keep trees look the one file up; this default reads its folder.
  virtual Result<std::optional<std::string>> read_file_at(const std::string& commit,
                                                          const std::string& path) {
    const std::size_t slash = path.rfind('/');
    auto files = read_files_at(commit, slash == std::string::npos ? "" : path.substr(0, slash));
    if (!files) return files.error();
    const auto found = files->find(path);
    return found == files->end() ? std::optional<std::string>() : std::optional(found->second);
  }
  // read_files(prefix), or only the folder's tree id when it is `known.tree_id` (a non-empty Git tree id),
  // or the files whose blob ids are not those of `known.blob_ids` (FolderRead): one tip read, so the ids and
  // the files are of the same commit. Stores that keep no trees read every file and give no ids: this
  // default.
  virtual Result<FolderRead> read_folder(const std::string& prefix, const KnownFolder& known) {
    (void)known;
    auto files = read_files(prefix);
    if (!files) return files.error();
    return FolderRead{"", false, std::move(*files), {}};
  }
  // The paths of read_files(prefix) (the same keys), without their bytes: stores that keep trees walk the
  // tree and read no blob. This default reads the files and keeps their paths.
  virtual Result<std::vector<std::string>> list_paths(const std::string& prefix) {
    auto files = read_files(prefix);
    if (!files) return files.error();
    std::vector<std::string> paths;
    paths.reserve(files->size());
    for (const auto& entry : *files) paths.push_back(entry.first);
    return paths;
  }
  // The paths of list_paths(prefix) that writer/paths_within.h's listed_within keeps: below a directory
  // named `name`, only those below one of `within` (relative to it). Stores that keep trees walk only those
  // subtrees there; this default lists every path and filters.
  virtual Result<std::vector<std::string>> list_paths_within(const std::string& prefix,
                                                             const std::string& name,
                                                             const std::vector<std::string>& within) {
    auto paths = list_paths(prefix);
    if (!paths) return paths.error();
    return filter_paths_within(std::move(*paths), prefix, name, within);
  }
  // The branch's tip, and its first-parent commits after `since` (none when `since` is nullopt or the tip
  // itself): one ref read (a fetch for a remote store) when the tip has not moved. Stores that keep no
  // history (in memory) report none: this default.
  virtual Result<BranchHistory> history_since(const std::optional<std::string>& since) {
    (void)since;
    return BranchHistory{};
  }
  // Packs the repository's loose objects into one pack when there are at least `at_least` of them, as
  // `git gc --auto` would (writer/loose_objects.h), or at the repository's own `gc.auto` when its
  // configuration sets one (0: never); returns how many it packed. Stores that keep no loose objects of
  // their own pack none: this default.
  virtual Result<std::size_t> pack_loose_objects(std::size_t at_least) {
    (void)at_least;
    return std::size_t{0};
  }
};

}  // namespace ferry::writer

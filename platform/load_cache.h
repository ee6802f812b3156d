// The content-keyed cache of the load (docs/load-cache.md): for each platform file that holds only
// requests and ResourceBindings, its content digest and, per request document, what checking it against its
// Promise gave (the errors, exact text, and the request as admitted), with the digest of that Promise; per
// ResourceBinding document, what loading it gave (its errors and the binding). A later load takes a file's
// documents from here when the file's digest and each request's Promise digest still match, and parses the
// file otherwise, so that it gives exactly what a full load gives.
// For a plain-directory platform it is also a stat index, as Git's index is: each cached file's size, times
// and inode, so that a file whose stat data did not change is not read at all (platform/stat_index.h).
// Stored as one versioned file with a checksum, written atomically; a file that is corrupt, foreign or of
// another version is not trusted: it reads as an error, and the caller rebuilds the cache with a warning.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/model.h"
#include "platform/platform.h"

namespace ferry::runner {

// One request document as the load left it: the errors its own checks gave (appended in this order by a
// full load), and the request when admitted. The request is immutable and shared: the cache read, the cache
// left and every copy of the entry hold one object (a load copies it only into its Platform, which may
// change it); an entry whose locations move (shift_lines, moved_lines.h) gets a moved copy of its own.
struct CachedRequest {
  std::string promise_digest;  // load_cache_promise_digest() of the Promise that served it
  std::string group, kind;     // what it asked for, as written
  std::vector<Error> errors;
  std::shared_ptr<const pipeline::Request> request;  // null: not admitted
};

// What stat(2) said of a file when its text was read (size -1: not known, as for files read from Git).
struct FileStat {
  long size = -1;
  long mtime_ns = 0, ctime_ns = 0;  // nanoseconds since the epoch
  long inode = 0, device = 0;
  bool operator==(const FileStat&) const = default;
};

// A file as a load read it: its stat data, taken before its text was read, and the content digest of that
// text (core/content_digest.h; or the digest the stat index vouched for, when it left the file unread).
struct FileDigest {
  FileStat stat;
  std::string digest;
};

// One ResourceBinding document as the load left it: it needs no Promise, so what loading it gave (the errors
// appended, in order, and the binding when it parsed) holds while the file's text does. `index`: its place
// among its file's documents.
struct CachedBinding {
  std::size_t index = 0;
  std::vector<Error> errors;
  std::optional<ResourceBinding> binding;
};

// A document's key (docs/load-cache.md, "Per document"): the content digest of its chunk's text
// (core/content_digest.h, document_chunks.h)
// and the 0-based line the chunk starts on, by which what it gave is moved when lines above it change.
struct DocumentKey {
  std::string digest;
  int line = 0;
};

struct CachedFile {
  std::string digest;                   // content digest of the file's text
  FileStat stat;                        // the file's stat data when that text was read
  std::vector<CachedRequest> requests;  // one per document, in order (an empty entry at a binding's place)
  std::vector<CachedBinding> bindings;  // its ResourceBinding documents, in order
  // One per document when each was parsed alone (the file was cut into chunks), else none: a changed file
  // then parses only the documents whose keys are not here (document_reuse.h).
  std::vector<DocumentKey> keys;
};

struct LoadCache {
  std::map<std::string, CachedFile> files;  // by path as the loader names it
  // When the load that wrote the stat data started (ns since the epoch): a file whose mtime or ctime is not
  // older than this, less the coarsest timestamp granularity, is "racy" (stat_index.h) and read again.
  long index_ns = 0;
};

// The slack under the stat index's time within which an mtime or ctime is racy (stat_index.h): the coarsest
// timestamp granularity ferry allows for (FAT's two seconds; ext4 and most others keep nanoseconds).
inline constexpr long kRacySlackNs = 2'000'000'000;

// One load's use of the cache: the cache read before (null: none, every file is parsed), the cache this
// load leaves (every file of only requests that all had a Promise), and what was reused. `changed`: the
// cache left differs from the one read, so it is worth writing.
struct LoadCacheUse {
  const LoadCache* before = nullptr;
  LoadCache after;
  bool changed = false;
  std::size_t requests_reused = 0;   // taken from the cache
  std::size_t requests_checked = 0;  // parsed and checked against their Promise's schema
  std::size_t bindings_reused = 0;   // ResourceBinding documents taken from the cache
  std::size_t bindings_parsed = 0;   // ResourceBinding documents of files parsed and cached
  // Documents of changed files taken from the cache by their keys (requests and bindings; their requests
  // count in requests_reused too, unless their Promise changed), and documents of those files parsed.
  std::size_t documents_reused = 0, documents_parsed = 0;
  std::vector<std::string> added;  // files whose entry was made by this load (not taken whole from `before`)
  // The stat index (stat_index.h): files not read since their stat data are those cached (path -> the
  // digest cached), how to read one that must be parsed after all, every file's stat data now, and how
  // many files were read and hashed.
  std::map<std::string, std::string> unread;
  std::function<std::string(const std::string& path)> read_text;
  std::map<std::string, FileStat> stats;
  std::size_t files_hashed = 0;
  // Every platform file the load parsed or took from the cache, with the stat data above (not those of a
  // platform from Git): what the quiet-run memo takes instead of reading and hashing them again.
  std::map<std::string, FileDigest> digests;
  long racy_slack_ns = kRacySlackNs;  // tests take less, so as not to wait
};

// What the loader compares for a request's Promise: its name and its whole text (any change of the
// Promise checks its requests again).
std::string load_cache_promise_digest(const pipeline::Promise& promise);

// The format version; a cache of any other is rebuilt.
// 2: a SHA-256 trailer (core/cache_file.h); 3: stat data; 4: bindings; 5: per-document keys; 6: content
// digests (core/content_digest.h), not md5
inline constexpr int kLoadCacheVersion = 6;

// The cache's text: a header naming the format and version, the entries, and a SHA-256 of them.
std::string encode_load_cache(const LoadCache& cache);
// Errors: "not a ferry load cache", "load cache version N, this ferry reads 5", "checksum mismatch",
// "truncated".
Result<LoadCache> decode_load_cache(const std::string& text);

// Reads `path`: nullopt when it does not exist, an error when it cannot be trusted.
Result<std::optional<LoadCache>> read_load_cache(const std::filesystem::path& path);
// Writes `path` atomically: a temporary file beside it, flushed, then renamed over it (fault point
// load-cache-write between the two).
Status write_load_cache(const std::filesystem::path& path, const LoadCache& cache);

}  // namespace ferry::runner

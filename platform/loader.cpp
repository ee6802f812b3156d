// Loading the platform repository: read files, split documents, dispatch by kind, then cross-check
// references. Every problem is collected so one run reports them all.
#include "platform/loader.h"

#include <algorithm>
#include <optional>
#include <set>

#include "core/content_digest.h"
#include "core/known_fields.h"
#include "core/message_text.h"
#include "pipeline/openapi_validate.h"
#include "platform/deferred_requests.h"
#include "platform/document_reuse.h"
#include "platform/file_walk.h"
#include "platform/namespace_parser.h"
#include "platform/object_parsers.h"
#include "platform/platform.h"
#include "platform/release_loading.h"
#include "platform/resource_binding_parser.h"
#include "platform/scheduling_objects.h"
#include "platform/split_promise.h"
#include "platform/stat_index.h"
#include "platform/validation.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

bool is_yaml_file(const fs::path& p) {
  return p.extension() == ".yaml" || p.extension() == ".yml";
}

// A platform.kratix.io kind ferry does not read: a misspelling of one it reads (or of a request kind) is an
// error, since the object would silently be left out; any other is another Kratix kind (Work,
// PromiseRevision, ...) and only skipped. A misspelt Promise ("kind: promise") is a Promise that failed to
// load: its requests wait on it, and are not taken for requests of a Promise removed from the platform.
void resolve_unknown_kinds(Deferred& deferred, LoadResult& result) {
  for (const YamlDocument& doc : deferred.unknown_kinds) {
    const std::string kind = child(doc.node, "kind").Scalar();
    const std::string suggestion = did_you_mean(kind, kKratixGroup, result.platform);
    if (suggestion.empty()) {
      result.warnings.push_back(
          make_error(location_of(doc.node, doc.file),
                     "skipped unknown kind " + shortened(kind) + " in " + kKratixGroup));
    } else {
      result.errors.push_back(
          make_error(location_of(child(doc.node, "kind"), doc.file),
                     "unknown kind " + shortened(kind) + " in " + kKratixGroup + suggestion));
      if (closest_word(kind, {"Promise"}, 2)) deferred.failed_promises.push_back(failed_promise(doc));
    }
  }
}

// ferry's own group: an unknown kind there is an error (a typo would silently drop a policy). Its names
// are ferry's, not Kubernetes objects' (Krake's metric names hold '_'): no Kubernetes name rule applies.
void load_scheduling_document(const YamlDocument& doc, const std::string& kind, LoadResult& result) {
  const auto handler = scheduling_kinds().find(kind);
  if (handler == scheduling_kinds().end()) {
    return result.errors.push_back(make_error(
        location_of(child(doc.node, "kind"), doc.file),
        "unknown kind " + kind + " in " + kSchedulingGroup + "; known: " + scheduling_kind_names()));
  }
  if (Status status = handler->second(doc, result.platform); !status) result.errors.push_back(status.error());
}

// A v1 Namespace: its labels are what namespaceSelectors select. Its text joins the scheduling documents',
// so a change of a namespace's labels runs its requests again (incremental runs, docs/state.md).
void load_namespace(const YamlDocument& doc, LoadResult& result) {
  check_metadata(doc, NameRule::namespace_name, result.errors);
  auto parsed = parse_namespace(doc);
  if (!parsed) return result.errors.push_back(parsed.error());
  result.platform.namespaces.push_back(std::move(*parsed));
  result.platform.scheduling_sources.push_back(to_yaml_text(doc.node));
}

// A document that lacks apiVersion or kind but holds a misspelling of one ("kindd"): the misspelling is the
// error, worded as every unknown field's (core/known_fields.h).
std::optional<Error> misspelt_type_field(const YamlDocument& doc) {
  static const std::vector<std::string> kTypeFields = {"apiVersion", "kind"};
  if (!doc.node.IsMap() || (child(doc.node, "apiVersion").IsDefined() && child(doc.node, "kind").IsDefined()))
    return std::nullopt;
  for (const auto& entry : doc.node) {
    if (!entry.first.IsScalar() || entry.first.Scalar() == "apiVersion" || entry.first.Scalar() == "kind")
      continue;
    if (closest_word(entry.first.Scalar(), kTypeFields, 2))
      return unknown_field(entry.first, kTypeFields, "", doc.file);
  }
  return std::nullopt;
}

void load_document(const YamlDocument& doc, LoadResult& result, Deferred& deferred) {
  if (auto misspelt = misspelt_type_field(doc)) return result.errors.push_back(*misspelt);
  auto api_version = required_string(doc.node, "apiVersion", "apiVersion", doc.file);
  if (!api_version) return result.errors.push_back(api_version.error());
  auto kind = required_string(doc.node, "kind", "kind", doc.file);
  if (!kind) return result.errors.push_back(kind.error());
  if (group_of(*api_version) == kSchedulingGroup) return load_scheduling_document(doc, *kind, result);
  if (is_namespace_object(*api_version, *kind)) return load_namespace(doc, result);
  if (group_of(*api_version) != kKratixGroup) return deferred.requests.push_back({nullptr, 0, doc, nullptr});
  const auto handler = platform_kinds().find(*kind);
  if (handler == platform_kinds().end()) return deferred.unknown_kinds.push_back(doc);
  check_metadata(doc, NameRule::object_name, result.errors);
  Status status = handler->second(doc, result.platform);
  if (!status) result.errors.push_back(status.error());
  if (!status && *kind == "Promise") deferred.failed_promises.push_back(failed_promise(doc));
}

// A split Promise directory (split_promise.h), loaded as its Promise document would be.
void load_split(const SplitPromiseFiles& split, LoadResult& result, Deferred& deferred) {
  auto loaded = load_split_promise(split);
  if (!loaded) {
    result.errors.push_back(loaded.error());
    return deferred.unparsed_files.push_back(split.directory);
  }
  check_metadata(loaded->base, NameRule::object_name, result.errors);
  if (!loaded->promise) {
    result.errors.push_back(loaded->promise.error());
    return deferred.failed_promises.push_back(failed_promise(loaded->base));
  }
  result.platform.promises.push_back(std::move(*loaded->promise));
}

// A ResourceBinding document loaded as every document is, and what that appended, for the load cache.
CachedBinding load_binding_document(const YamlDocument& doc, std::size_t index, LoadResult& result,
                                    Deferred& deferred) {
  const std::size_t errors_before = result.errors.size(), bindings_before = result.platform.bindings.size();
  load_document(doc, result, deferred);
  CachedBinding cached{
      index, {result.errors.begin() + static_cast<long>(errors_before), result.errors.end()}, std::nullopt};
  if (result.platform.bindings.size() > bindings_before) cached.binding = result.platform.bindings.back();
  return cached;
}

// A parsed file's documents loaded in order. Returns its load cache entry when every document is a request
// or a ResourceBinding (the request entries filled once their Promise is known, resolve_requests), else
// nullopt: the file is parsed in every run.
std::optional<CachedFile> load_file_documents(const PlatformFile& file,
                                              const std::vector<YamlDocument>& documents, LoadResult& result,
                                              Deferred& deferred) {
  CachedFile entry{"", FileStat{}, std::vector<CachedRequest>(documents.size()), {}, {}};
  bool cacheable = !documents.empty();
  for (std::size_t i = 0; i < documents.size(); ++i) {
    if (is_binding_document(documents[i])) {
      entry.bindings.push_back(load_binding_document(documents[i], i, result, deferred));
      continue;
    }
    const std::size_t deferred_before = deferred.requests.size();
    load_document(documents[i], result, deferred);
    const bool request = deferred.requests.size() == deferred_before + 1;
    cacheable = cacheable && request;
    if (request) {
      deferred.requests.back().file = &file;
      deferred.requests.back().index = i;
    }
  }
  if (!cacheable) return std::nullopt;
  return entry;
}

// Reads the files the stat index left unread (stat_index.h) whose text is needed after all: those named in
// `only`, or every one when `only` is null.
void read_unread(std::vector<PlatformFile>& files, LoadCacheUse& cache, const std::set<std::string>* only) {
  for (PlatformFile& file : files) {
    const auto unread = cache.unread.find(file.path);
    if (unread == cache.unread.end() || (only && !only->contains(file.path))) continue;
    file.text = cache.read_text(file.path);
    cache.unread.erase(unread);
  }
}

// The files of split Promise directories (split_promise.h) are never cached, but a file cached as one of
// requests may have joined one since: its text is read.
void read_unread_split_files(std::vector<PlatformFile>& files, LoadCacheUse& cache) {
  if (cache.unread.empty()) return;
  std::set<std::string> split_paths;
  for (const SplitPromiseFiles& split : sort_platform_files(files).split_promises)
    for (const PlatformFile* file : split.files) split_paths.insert(file->path);
  read_unread(files, cache, &split_paths);
}

// The digest of a file's text: the cached one when the stat index left it unread, else its content digest.
std::string file_digest(const PlatformFile& file, const LoadCacheUse& cache) {
  const auto unread = cache.unread.find(file.path);
  return unread != cache.unread.end() ? unread->second : content_digest(file.text);
}

// What the quiet-run memo takes of a file the load read or vouched for: its stat data (taken before its text
// was read) and `digest`; none for a file without stat data (from Git or memory).
void note_digest(const std::string& path, const std::string& digest, LoadCacheUse& cache) {
  const auto stat = cache.stats.find(path);
  if (stat != cache.stats.end()) cache.digests[path] = {stat->second, digest};
}

// The stat data of every file the cache left holds, as this load found them (none for files from Git or
// memory); a file whose stat data changed (a `touch`) changes the cache, though its requests do not.
void record_stats(LoadCacheUse& cache) {
  for (auto& [path, file] : cache.after.files) {
    const auto found = cache.stats.find(path);
    const FileStat now = found == cache.stats.end() ? FileStat{} : found->second;
    if (file.stat == now) continue;
    file.stat = now;
    cache.changed = true;
  }
}

// Whether the cache left differs from the one read, besides requests checked again (resolve_requests says
// so) and stat data (record_stats): it holds fewer or more files, or a file not taken from the one read is
// still in it (one erased again, whose request no Promise serves, changes nothing).
bool cache_left_differs(const LoadCacheUse& cache) {
  if (cache.after.files.size() != (cache.before ? cache.before->files.size() : 0)) return true;
  return std::any_of(cache.added.begin(), cache.added.end(),
                     [&](const std::string& path) { return cache.after.files.contains(path); });
}

}  // namespace

LoadResult load_platform(const fs::path& root, ReleaseSource* releases, LoadCacheUse* cache) {
  LoadResult result;
  result.platform.root = root;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    result.errors.push_back(make_error("platform directory " + root.string() + " does not exist"));
    return result;
  }
  FileWalk walk;
  walk_directory(root, walk, is_yaml_file);
  LoadResult loaded = load_platform_files(root, read_platform_files(walk.files, cache), releases, cache);
  loaded.errors.insert(loaded.errors.begin(), walk.errors.begin(), walk.errors.end());
  loaded.warnings.insert(loaded.warnings.begin(), walk.warnings.begin(), walk.warnings.end());
  return loaded;
}

namespace {

// The documents given for `file` (load_platform_replacing), each parsed alone and deferred as a request at
// its line, as a document of a changed file parsed alone through the load cache is (document_reuse.h).
void load_replaced(const PlatformFile& file, const std::vector<ReplacedDocument>& documents,
                   LoadResult& result, Deferred& deferred) {
  for (std::size_t index = 0; index < documents.size(); ++index) {
    const ReplacedDocument& document = documents[index];
    auto parsed = parse_yaml_stream(document.text, file.path);
    LoadResult scratch;
    Deferred as_request;
    if (parsed && parsed->size() == 1) load_document(parsed->front(), scratch, as_request);
    if (!parsed || as_request.requests.size() != 1 || !scratch.errors.empty() || !scratch.warnings.empty()) {
      result.errors.push_back(make_error(SourceLocation{file.path, document.line + 1, 1},
                                         "a document given for a narrow load is not one request"));
      continue;
    }
    deferred.requests.push_back({&file, index, std::move(parsed->front()), nullptr, document.line});
  }
}

using ReplacedFiles = std::map<std::string, std::vector<ReplacedDocument>>;

LoadResult load_files(const fs::path& root, const std::vector<PlatformFile>& files, ReleaseSource* releases,
                      LoadCacheUse* cache, const ReplacedFiles* replaced);

}  // namespace

LoadResult load_platform_replacing(const fs::path& root, const ReplacedFiles& replaced,
                                   ReleaseSource* releases) {
  FileWalk walk;
  walk_directory(root, walk, is_yaml_file);
  std::vector<PlatformFile> files;
  for (const fs::path& path : walk.files) {
    std::string name = path.lexically_normal().string();  // as read_platform_files() names it
    if (replaced.contains(name)) {
      files.push_back({std::move(name), ""});
    } else {
      files.push_back(std::move(read_platform_files({path}, nullptr).front()));
    }
  }
  LoadResult loaded = load_files(root, files, releases, nullptr, &replaced);
  loaded.errors.insert(loaded.errors.begin(), walk.errors.begin(), walk.errors.end());
  loaded.warnings.insert(loaded.warnings.begin(), walk.warnings.begin(), walk.warnings.end());
  return loaded;
}

LoadResult load_platform_files(const fs::path& root, const std::vector<PlatformFile>& files,
                               ReleaseSource* releases, LoadCacheUse* cache) {
  return load_files(root, files, releases, cache, nullptr);
}

namespace {

LoadResult load_files(const fs::path& root, const std::vector<PlatformFile>& files, ReleaseSource* releases,
                      LoadCacheUse* cache, const ReplacedFiles* replaced) {
  LoadResult result;
  result.platform.root = root;
  result.files = files;
  if (cache) read_unread_split_files(result.files, *cache);
  Deferred deferred;
  const SortedFiles sorted = sort_platform_files(result.files);
  for (const SplitPromiseFiles& split : sorted.split_promises) load_split(split, result, deferred);
  for (const PlatformFile* file : sorted.documents) {
    if (const auto found = replaced ? replaced->find(file->path) : ReplacedFiles::const_iterator();
        replaced && found != replaced->end()) {
      load_replaced(*file, found->second, result, deferred);
      continue;
    }
    const std::string digest = cache ? file_digest(*file, *cache) : "";
    if (cache) note_digest(file->path, digest, *cache);
    if (cache && reuse_file(*file, digest, *cache, deferred, result)) continue;
    if (cache) {
      if (auto entry = load_by_documents(*file, digest, *cache, deferred, result, load_document)) {
        cache->after.files[file->path] = std::move(*entry);
        cache->added.push_back(file->path);
        continue;
      }
    }
    auto documents = parse_yaml_stream(file->text, file->path);
    if (!documents) {
      result.errors.push_back(documents.error());
      deferred.unparsed_files.push_back(file->path);
      continue;
    }
    auto entry = load_file_documents(*file, *documents, result, deferred);
    if (!cache || !entry) continue;
    // Not in the cache read with this text (reuse_file would have taken it): the cache left changes.
    entry->digest = digest;
    cache->bindings_parsed += entry->bindings.size();
    cache->after.files[file->path] = std::move(*entry);
    cache->added.push_back(file->path);
  }
  deferred.releases = install_releases(result.platform, releases, result.release_errors, result.warnings);
  for (const pipeline::Promise& promise : result.platform.promises)
    result.warnings.insert(result.warnings.end(), promise.load_warnings.begin(), promise.load_warnings.end());
  resolve_unknown_kinds(deferred, result);
  resolve_requests(deferred, result, cache);
  if (cache) cache->changed = cache->changed || cache_left_differs(*cache);
  if (cache) record_stats(*cache);
  // A compound run reads these if it loads the files again (run/compound.h): only a Destination that writes
  // into the platform, or requests created through the platform API, make it.
  if (cache)
    for (const auto& [path, digest] : cache->unread) result.unread_files.push_back(path);
  attach_bindings(result.platform, result.errors);
  check_references(result.platform, result.errors);
  return result;
}

}  // namespace

}  // namespace ferry::runner

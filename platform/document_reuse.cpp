// A changed file loaded document by document through the load cache's keys (document_reuse.h).
#include "platform/document_reuse.h"

#include <algorithm>
#include <unordered_map>

#include "core/content_digest.h"
#include "platform/document_chunks.h"

namespace ferry::runner {
namespace {

// Whether the loader takes `doc` for a request to resolve once every file is read, and does nothing else
// with it (tried on a scratch load: what it does is cheap and touches nothing else).
bool is_plain_request(const YamlDocument& doc, const DocumentLoad& load_document) {
  LoadResult scratch;
  Deferred deferred;
  load_document(doc, scratch, deferred);
  return deferred.requests.size() == 1 && scratch.errors.empty() && scratch.warnings.empty();
}

// One document of the new text: taken from the cached entry's document `cached`, or parsed alone.
struct PlannedDocument {
  DocumentKey key;
  const std::size_t* cached = nullptr;  // the index of its document in the cached entry
  std::optional<YamlDocument> parsed;
};

// The new text's documents, or nullopt when the file must be loaded whole.
std::optional<std::vector<PlannedDocument>> plan_documents(
    const PlatformFile& file, const std::unordered_map<std::string, std::size_t>& known,
    const DocumentLoad& load_document) {
  const auto chunks = document_chunks(file.text);
  if (!chunks) return std::nullopt;
  std::vector<PlannedDocument> plan;
  plan.reserve(chunks->size());
  for (const DocumentChunk& chunk : *chunks) {
    PlannedDocument document{{content_digest(chunk.text), chunk.line}, nullptr, std::nullopt};
    if (const auto found = known.find(document.key.digest); found != known.end()) {
      document.cached = &found->second;
      plan.push_back(std::move(document));
      continue;
    }
    auto parsed = parse_yaml_stream(std::string(chunk.text), file.path);
    if (!parsed || parsed->size() > 1) return std::nullopt;
    if (parsed->empty()) continue;  // comments, or an empty document: the whole-file load skips it too
    YamlDocument& doc = parsed->front();
    if (!is_binding_document(doc) && !is_plain_request(doc, load_document)) return std::nullopt;
    document.parsed = std::move(doc);
    plan.push_back(std::move(document));
  }
  return plan;
}

// The cached entry's binding at document `index`, or null (a request's place).
const CachedBinding* binding_at(const CachedFile& cached, std::size_t index) {
  const auto found = std::lower_bound(cached.bindings.begin(), cached.bindings.end(), index,
                                      [](const CachedBinding& b, std::size_t i) { return b.index < i; });
  return found != cached.bindings.end() && found->index == index ? &*found : nullptr;
}

// Document `index` of the new text taken from the cached entry, moved by `lines`.
void reuse_document(const PlatformFile& file, const CachedFile& cached, std::size_t from, std::size_t index,
                    int lines, CachedFile& entry, Deferred& deferred, LoadResult& result,
                    LoadCacheUse& cache) {
  ++cache.documents_reused;
  if (const CachedBinding* binding = binding_at(cached, from)) {
    ++cache.bindings_reused;
    CachedBinding moved = *binding;
    moved.index = index;
    shift_lines(moved, file.path, lines);
    result.errors.insert(result.errors.end(), moved.errors.begin(), moved.errors.end());
    if (moved.binding) result.platform.bindings.push_back(*moved.binding);
    entry.bindings.push_back(std::move(moved));
    return;
  }
  // Copied once, into the entry, whose requests stay put when it moves into the cache left (loader.cpp):
  // the deferred request points at it there (resolve_requests).
  CachedRequest& moved = entry.requests[index] = cached.requests[from];
  shift_lines(moved, file.path, lines);
  deferred.requests.push_back({&file, index, std::nullopt, &moved});
}

// Document `index` of the new text, parsed alone from the chunk at `line`, loaded as the loader would.
void load_parsed(const PlatformFile& file, YamlDocument& doc, std::size_t index, int line, CachedFile& entry,
                 Deferred& deferred, LoadResult& result, LoadCacheUse& cache,
                 const DocumentLoad& load_document) {
  ++cache.documents_parsed;
  if (!is_binding_document(doc)) {
    deferred.requests.push_back({&file, index, std::move(doc), nullptr, line});
    return;
  }
  const AppendedMarks marks = appended_marks(result);
  load_document(doc, result, deferred);
  shift_appended(result, marks, file.path, line);
  CachedBinding cached{
      index, {result.errors.begin() + static_cast<long>(marks.errors), result.errors.end()}, std::nullopt};
  if (result.platform.bindings.size() > marks.bindings) cached.binding = result.platform.bindings.back();
  entry.bindings.push_back(std::move(cached));
  ++cache.bindings_parsed;
}

}  // namespace

std::optional<CachedFile> load_by_documents(const PlatformFile& file, const std::string& digest,
                                            LoadCacheUse& cache, Deferred& deferred, LoadResult& result,
                                            const DocumentLoad& load_document) {
  const CachedFile* cached = nullptr;
  if (cache.before) {
    const auto found = cache.before->files.find(file.path);
    if (found != cache.before->files.end()) cached = &found->second;
  }
  std::unordered_map<std::string, std::size_t> known;
  if (cached && cached->keys.size() == cached->requests.size()) {
    for (std::size_t i = 0; i < cached->keys.size(); ++i) known.emplace(cached->keys[i].digest, i);
  }
  auto plan = plan_documents(file, known, load_document);
  if (!plan || plan->empty()) return std::nullopt;
  CachedFile entry{digest, FileStat{}, std::vector<CachedRequest>(plan->size()), {}, {}};
  entry.keys.reserve(plan->size());
  for (std::size_t index = 0; index < plan->size(); ++index) {
    PlannedDocument& document = (*plan)[index];
    if (document.cached) {
      const int lines = document.key.line - cached->keys[*document.cached].line;
      reuse_document(file, *cached, *document.cached, index, lines, entry, deferred, result, cache);
    } else {
      load_parsed(file, *document.parsed, index, document.key.line, entry, deferred, result, cache,
                  load_document);
    }
    entry.keys.push_back(std::move(document.key));
  }
  return entry;
}

}  // namespace ferry::runner

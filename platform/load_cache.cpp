// The load cache's entries in the fields of core/cache_file.h (load_cache.h), their reading and writing.
#include "platform/load_cache.h"

#include <algorithm>
#include <climits>
#include <fstream>
#include <sstream>

#include "core/cache_file.h"
#include "core/md5.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

constexpr CacheFormat kFormat{"ferry-load-cache", "load cache", kLoadCacheVersion};

using Encoder = FieldEncoder;
using Decoder = FieldDecoder;

void encode_error(Encoder& out, const Error& error) {
  out.field(error.message);
  out.number(error.where ? 1 : 0);
  if (error.where) out.location(*error.where);
}

bool decode_error(Decoder& in, Error& error) {
  bool located = false;
  if (!in.field(error.message) || !in.flag(located)) return false;
  if (!located) return true;
  error.where.emplace();
  return in.location(*error.where);
}

void encode_request(Encoder& out, const pipeline::Request& r) {
  for (const std::string* s : {&r.promise, &r.api_version, &r.kind, &r.name, &r.namespace_, &r.object_yaml,
                               &r.spec_md5, &r.controls.pipeline_namespace})
    out.field(*s);
  out.location(r.where);
  out.number(r.controls.paused);
  out.number(r.controls.manual_reconciliation);
  out.number(r.controls.reconcile_resources);
  out.number(r.controls.reconciliation_interval ? r.controls.reconciliation_interval->count() : -1);
}

bool decode_request(Decoder& in, pipeline::Request& r) {
  for (std::string* s : {&r.promise, &r.api_version, &r.kind, &r.name, &r.namespace_, &r.object_yaml,
                         &r.spec_md5, &r.controls.pipeline_namespace})
    if (!in.field(*s)) return false;
  long interval = -1;
  if (!in.location(r.where) || !in.flag(r.controls.paused) || !in.flag(r.controls.manual_reconciliation) ||
      !in.flag(r.controls.reconcile_resources) || !in.number(interval))
    return false;
  if (interval >= 0) r.controls.reconciliation_interval = std::chrono::seconds(interval);
  return true;
}

void encode_binding(Encoder& out, const CachedBinding& cached) {
  out.number(static_cast<long>(cached.index));
  out.number(static_cast<long>(cached.errors.size()));
  for (const Error& error : cached.errors) encode_error(out, error);
  out.number(cached.binding ? 1 : 0);
  if (!cached.binding) return;
  const ResourceBinding& b = *cached.binding;
  for (const std::string* s : {&b.name, &b.namespace_, &b.promise, &b.request, &b.version}) out.field(*s);
  out.number(b.manual_reconciliation);
  out.location(b.where);
}

bool decode_binding(Decoder& in, CachedBinding& cached) {
  long index = 0, errors = 0;
  bool parsed = false;
  if (!in.number(index) || index < 0 || !in.number(errors) || errors < 0) return false;
  cached.index = static_cast<std::size_t>(index);
  for (long i = 0; i < errors; ++i) {
    if (!decode_error(in, cached.errors.emplace_back())) return false;
  }
  if (!in.flag(parsed)) return false;
  if (!parsed) return true;
  ResourceBinding& b = cached.binding.emplace();
  for (std::string* s : {&b.name, &b.namespace_, &b.promise, &b.request, &b.version})
    if (!in.field(*s)) return false;
  return in.flag(b.manual_reconciliation) && in.location(b.where);
}

bool decode_cached_request(Decoder& in, CachedRequest& cached) {
  long errors = 0;
  bool admitted = false;
  if (!in.field(cached.promise_digest) || !in.field(cached.group) || !in.field(cached.kind) ||
      !in.number(errors) || errors < 0)
    return false;
  for (long i = 0; i < errors; ++i) {
    if (!decode_error(in, cached.errors.emplace_back())) return false;
  }
  if (!in.flag(admitted)) return false;
  if (!admitted) return true;
  auto request = std::make_shared<pipeline::Request>();
  if (!decode_request(in, *request)) return false;
  cached.request = std::move(request);
  return true;
}

void encode_stat(Encoder& out, const FileStat& stat) {
  for (long value : {stat.size, stat.mtime_ns, stat.ctime_ns, stat.inode, stat.device}) out.number(value);
}

bool decode_stat(Decoder& in, FileStat& stat) {
  for (long* value : {&stat.size, &stat.mtime_ns, &stat.ctime_ns, &stat.inode, &stat.device})
    if (!in.number(*value)) return false;
  return true;
}

constexpr long kMostReservedRequests = 1L << 20;

void encode_keys(Encoder& out, const std::vector<DocumentKey>& keys) {
  out.number(static_cast<long>(keys.size()));
  for (const DocumentKey& key : keys) {
    out.field(key.digest);
    out.number(key.line);
  }
}

bool decode_keys(Decoder& in, std::vector<DocumentKey>& keys) {
  long count = 0;
  if (!in.number(count) || count < 0) return false;
  keys.reserve(static_cast<std::size_t>(std::min(count, kMostReservedRequests)));
  for (long k = 0; k < count; ++k) {
    DocumentKey& key = keys.emplace_back();
    long line = 0;
    if (!in.field(key.digest) || !in.number(line) || line < 0 || line > INT_MAX) return false;
    key.line = static_cast<int>(line);
  }
  return true;
}

bool decode_entries(Decoder& in, LoadCache& cache) {
  long files = 0;
  if (!in.number(cache.index_ns) || !in.number(files) || files < 0) return false;
  for (long f = 0; f < files; ++f) {
    std::string path;
    long requests = 0;
    CachedFile file;
    if (!in.field(path) || !in.field(file.digest) || !decode_stat(in, file.stat) || !in.number(requests) ||
        requests < 0)
      return false;
    // Reserved, not grown: moving 10,000 cached requests as the vector doubles was 3% of a no-op run.
    // Bounded, since the count is read from a file (a wrong one fails below, having reserved little).
    file.requests.reserve(static_cast<std::size_t>(std::min(requests, kMostReservedRequests)));
    for (long r = 0; r < requests; ++r) {
      if (!decode_cached_request(in, file.requests.emplace_back())) return false;
    }
    long bindings = 0;
    if (!in.number(bindings) || bindings < 0) return false;
    for (long b = 0; b < bindings; ++b) {
      if (!decode_binding(in, file.bindings.emplace_back())) return false;
    }
    if (!decode_keys(in, file.keys)) return false;
    cache.files.emplace(std::move(path), std::move(file));
  }
  return in.done();
}

}  // namespace

std::string load_cache_promise_digest(const pipeline::Promise& promise) {
  return md5_hex(promise.name + "\n" + promise.object_yaml);
}

std::string encode_load_cache(const LoadCache& cache) {
  Encoder out;
  out.number(cache.index_ns);
  out.number(static_cast<long>(cache.files.size()));
  for (const auto& [path, file] : cache.files) {
    out.field(path);
    out.field(file.digest);
    encode_stat(out, file.stat);
    out.number(static_cast<long>(file.requests.size()));
    for (const CachedRequest& cached : file.requests) {
      out.field(cached.promise_digest);
      out.field(cached.group);
      out.field(cached.kind);
      out.number(static_cast<long>(cached.errors.size()));
      for (const Error& error : cached.errors) encode_error(out, error);
      out.number(cached.request ? 1 : 0);
      if (cached.request) encode_request(out, *cached.request);
    }
    out.number(static_cast<long>(file.bindings.size()));
    for (const CachedBinding& cached : file.bindings) encode_binding(out, cached);
    encode_keys(out, file.keys);
  }
  return framed_cache_text(kFormat, out.text());
}

Result<LoadCache> decode_load_cache(const std::string& text) {
  auto body = cache_body(kFormat, text);
  if (!body) return body.error();
  LoadCache cache;
  Decoder in(*body);
  if (!decode_entries(in, cache)) return make_error("truncated");
  return cache;
}

Result<std::optional<LoadCache>> read_load_cache(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::optional<LoadCache>();
  std::ostringstream text;
  text << in.rdbuf();
  auto cache = decode_load_cache(text.str());
  if (!cache) return cache.error();
  return std::optional<LoadCache>(std::move(*cache));
}

Status write_load_cache(const fs::path& path, const LoadCache& cache) {
  return write_cache_file(path, encode_load_cache(cache), kFormat, FaultPoint::kLoadCacheWrite);
}

}  // namespace ferry::runner

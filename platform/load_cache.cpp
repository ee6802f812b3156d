// The load cache's format (load_cache.h): length-prefixed fields ("5:hello"), so any text survives, under a
// header line and above a trailer line holding the md5 of everything before it; its reading and its
// atomic writing.
#include "platform/load_cache.h"

#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "core/fault_point.h"
#include "core/md5.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kMagic = "ferry-load-cache ";

class Encoder {
 public:
  void field(std::string_view value) {
    text_ += std::to_string(value.size());
    text_ += ':';
    text_ += value;
  }
  void number(long value) { field(std::to_string(value)); }
  void location(const SourceLocation& where) {
    field(where.file);
    number(where.line);
    number(where.column);
  }
  std::string& text() { return text_; }

 private:
  std::string text_;
};

// Reads what Encoder wrote; every read after the first malformed field fails.
class Decoder {
 public:
  explicit Decoder(std::string_view text) : text_(text) {}
  bool field(std::string& value) {
    const auto colon = text_.find(':', at_);
    if (!good_ || colon == std::string_view::npos || colon == at_ || colon - at_ > 12) return good_ = false;
    std::size_t size = 0;
    for (std::size_t i = at_; i < colon; ++i) {
      if (text_[i] < '0' || text_[i] > '9') return good_ = false;
      size = size * 10 + static_cast<std::size_t>(text_[i] - '0');
    }
    if (size > text_.size() - colon - 1) return good_ = false;
    value.assign(text_.substr(colon + 1, size));
    at_ = colon + 1 + size;
    return true;
  }
  bool number(long& value) {
    std::string text;
    if (!field(text)) return false;
    try {
      std::size_t used = 0;
      value = std::stol(text, &used);
      return used == text.size() || (good_ = false);
    } catch (const std::exception&) {
      return good_ = false;
    }
  }
  bool number(int& value) {
    long wide = 0;
    if (!number(wide)) return false;
    value = static_cast<int>(wide);
    return true;
  }
  bool flag(bool& value) {
    long n = 0;
    if (!number(n)) return false;
    value = n != 0;
    return true;
  }
  bool location(SourceLocation& where) {
    return field(where.file) && number(where.line) && number(where.column);
  }
  bool done() const { return good_ && at_ == text_.size(); }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  bool good_ = true;
};

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
  return !admitted || decode_request(in, cached.request.emplace());
}

bool decode_entries(Decoder& in, LoadCache& cache) {
  long files = 0;
  if (!in.number(files) || files < 0) return false;
  for (long f = 0; f < files; ++f) {
    std::string path;
    long requests = 0;
    CachedFile file;
    if (!in.field(path) || !in.field(file.digest) || !in.number(requests) || requests < 0) return false;
    for (long r = 0; r < requests; ++r) {
      if (!decode_cached_request(in, file.requests.emplace_back())) return false;
    }
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
  out.number(static_cast<long>(cache.files.size()));
  for (const auto& [path, file] : cache.files) {
    out.field(path);
    out.field(file.digest);
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
  }
  std::string text = std::string(kMagic) + std::to_string(kLoadCacheVersion) + "\n" + out.text();
  return text + "\nmd5 " + md5_hex(text) + "\n";
}

Result<LoadCache> decode_load_cache(const std::string& text) {
  if (!text.starts_with(kMagic)) return make_error("not a ferry load cache");
  const auto header_end = text.find('\n');
  const std::string version = text.substr(kMagic.size(), header_end - kMagic.size());
  if (version != std::to_string(kLoadCacheVersion))
    return make_error("load cache version " + version + ", this ferry reads " +
                      std::to_string(kLoadCacheVersion));
  const auto trailer = text.rfind("\nmd5 ");
  if (trailer == std::string::npos || trailer < header_end || !text.ends_with("\n") ||
      text.size() != trailer + 5 + 32 + 1)
    return make_error("truncated");
  if (md5_hex(std::string_view(text).substr(0, trailer)) != text.substr(trailer + 5, 32))
    return make_error("checksum mismatch");
  LoadCache cache;
  Decoder in(std::string_view(text).substr(header_end + 1, trailer - header_end - 1));
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
  const std::string text = encode_load_cache(cache);
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  const fs::path temporary = path.string() + ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return make_error("cannot write the load cache " + temporary.string());
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  const bool written = ::fsync(fd) == 0 && done == text.size();
  ::close(fd);
  fault_point(FaultPoint::kLoadCacheWrite);
  if (!written || (fs::rename(temporary, path, ec), ec)) {
    fs::remove(temporary, ec);
    return make_error("cannot write the load cache " + path.string());
  }
  return ok();
}

}  // namespace ferry::runner

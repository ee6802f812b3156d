#include "run/kept_requests.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <set>

#include "core/content_digest.h"
#include "core/file_text.h"
#include "placement/run_scheduling.h"
#include "platform/document_chunks.h"

namespace ferry::runner {
namespace {

// The requests [first, end) of one file, one a chunk of `text`: each chunk's content digest, or false when a
// chunk holds no request or one holds two (its location outside its chunk).
bool key_file(const std::string& text, const std::vector<pipeline::Request>& requests, std::size_t first,
              std::size_t end, std::vector<KeptRequest>& kept) {
  auto chunks = document_chunks(text);
  if (!chunks || chunks->size() != end - first) return false;
  for (std::size_t i = 0; i < chunks->size(); ++i) {
    const int next = i + 1 < chunks->size() ? (*chunks)[i + 1].line : std::numeric_limits<int>::max();
    const int line = requests[first + i].where.line - 1;  // its location's line, 1-based
    if (line < (*chunks)[i].line || line >= next) return false;
    kept[first + i].chunk_digest = content_digest((*chunks)[i].text);
  }
  return true;
}

}  // namespace

std::string KeptRequest::directory() const {
  return "requests/" + promise + "/" + namespace_ + "/" + name;
}

std::optional<KeptRequests> kept_requests_of(const Platform& platform, const std::vector<TextSpan>& spans) {
  const std::vector<pipeline::Request>& requests = platform.requests;
  if (spans.size() != requests.size() || scheduling_reads_other_requests(platform)) return std::nullopt;
  KeptRequests table;
  table.requests.reserve(requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const pipeline::Request& r = requests[i];
    table.requests.push_back({r.kind, r.promise, r.namespace_, r.name, "", spans[i]});
  }
  std::set<std::string> seen;
  for (std::size_t first = 0; first < requests.size();) {
    const std::string& path = requests[first].where.file;
    std::size_t end = first;
    while (end < requests.size() && requests[end].where.file == path) ++end;
    auto read = read_file_if_present(path);  // megabytes at R = 10,000: at once, not through a stream
    if (!seen.insert(path).second || !read || !*read ||
        !key_file(**read, requests, first, end, table.requests))
      return std::nullopt;
    table.files.push_back({path, first, end - first});
    first = end;
  }
  return table;
}

void encode_kept_requests(FieldEncoder& out, const KeptRequests& kept) {
  out.number(static_cast<long>(kept.files.size()));
  for (const KeptRequestFile& file : kept.files) {
    out.field(file.path);
    out.number(static_cast<long>(file.first));
    out.number(static_cast<long>(file.count));
  }
  out.number(static_cast<long>(kept.requests.size()));
  for (const KeptRequest& r : kept.requests) {
    for (const std::string* field : {&r.kind, &r.promise, &r.namespace_, &r.name, &r.chunk_digest})
      out.field(*field);
    out.number(static_cast<long>(r.text.at));
    out.number(static_cast<long>(r.text.size));
  }
}

bool decode_kept_requests(FieldDecoder& in, KeptRequests& kept) {
  long files = 0, requests = 0;
  bool good = in.number(files) && files >= 0;
  for (long i = 0; good && i < files; ++i) {
    KeptRequestFile file;
    long first = 0, count = 0;
    good = in.field(file.path) && in.number(first) && in.number(count) && first >= 0 && count >= 0;
    file.first = static_cast<std::size_t>(first);
    file.count = static_cast<std::size_t>(count);
    kept.files.push_back(std::move(file));
  }
  good = good && in.number(requests) && requests >= 0;
  // A count read from a file not yet checked (read_quiet_run_memo checks it meanwhile) reserves no more than
  // a table that size could hold: each request is seven fields of at least two bytes.
  if (good) kept.requests.reserve(std::min(static_cast<std::size_t>(requests), in.left() / 14));
  for (long i = 0; good && i < requests; ++i) {
    KeptRequest r;
    long at = 0, size = 0;
    good = in.field(r.kind) && in.field(r.promise) && in.field(r.namespace_) && in.field(r.name) &&
           in.field(r.chunk_digest) && in.number(at) && in.number(size) && at >= 0 && size >= 0;
    r.text = {static_cast<std::size_t>(at), static_cast<std::size_t>(size)};
    kept.requests.push_back(std::move(r));
  }
  // Each file's requests within the table, in order, and together covering it.
  std::size_t next = 0;
  for (const KeptRequestFile& file : kept.files) {
    good = good && file.first == next;
    next = file.first + file.count;
  }
  return good && next == kept.requests.size();
}

}  // namespace ferry::runner

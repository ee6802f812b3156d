// What the quiet-run memo keeps of each request for a narrow run (run/narrow_run.h, docs/load-cache.md,
// "Narrow runs"): the request's identity, the content digest (core/content_digest.h) of the chunk of its file
// its document is (platform/document_chunks.h), and its entry in the memo's report. Kept only when every
// request of the platform comes from a file that holds requests alone, one a chunk.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/cache_file.h"
#include "platform/platform.h"

namespace ferry::runner {

// Where one entry is in a report's text: from `at`, `size` bytes.
struct TextSpan {
  std::size_t at = 0;
  std::size_t size = 0;
  bool operator==(const TextSpan&) const = default;
};

struct KeptRequest {
  std::string kind, promise, namespace_, name;
  std::string chunk_digest;  // content digest of its document's chunk
  TextSpan text;             // its entry in the memo's report
  bool operator==(const KeptRequest&) const = default;
  // "requests/<promise>/<namespace>/<name>": its record's directory (run/run_state.h).
  std::string directory() const;
};

// A file of requests: its path as the loader names it, and its requests: KeptRequests::requests[first,
// first + count), one a chunk, in order.
struct KeptRequestFile {
  std::string path;
  std::size_t first = 0, count = 0;
  bool operator==(const KeptRequestFile&) const = default;
};

struct KeptRequests {
  std::vector<KeptRequestFile> files;
  std::vector<KeptRequest> requests;  // in the platform's order, which is the report's
  bool operator==(const KeptRequests&) const = default;
};

// The table of `platform`'s requests, each with its entry `spans[i]` in the report; nullopt when a request
// comes from a file that holds anything else, that cannot be read or cut into chunks (document_chunks.h), or
// whose requests are not together in the platform's order, or when scheduling a request reads the others'
// placements (placement/run_scheduling.h: a narrow run would schedule without them); then no narrow run is
// possible.
std::optional<KeptRequests> kept_requests_of(const Platform& platform, const std::vector<TextSpan>& spans);

void encode_kept_requests(FieldEncoder& out, const KeptRequests& kept);
bool decode_kept_requests(FieldDecoder& in, KeptRequests& kept);

}  // namespace ferry::runner

// A file of requests cut into its chunks (platform/document_chunks.h) and each chunk's content digest
// (core/content_digest.h): how a narrow run (run/narrow_run.h) tells which of the file's documents changed
// since the quiet-run memo.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platform/document_chunks.h"

namespace ferry::runner {

struct HashedChunks {
  std::optional<std::vector<DocumentChunk>> chunks;  // views of the text; nullopt: not cut safely
  std::vector<std::string> digests;                  // digests[i]: chunk i's
};

// The chunks of `text` and their digests, hashed on every core: at R = 10,000, 10,000 texts of a hundred
// bytes or more. The chunks view `text`, which must outlive them.
HashedChunks hash_chunks(std::string_view text);

}  // namespace ferry::runner

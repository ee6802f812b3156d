#include "run/hashed_chunks.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/content_digest.h"

namespace ferry::runner {

HashedChunks hash_chunks(std::string_view text) {
  HashedChunks hashed{document_chunks(text), {}};
  if (!hashed.chunks) return hashed;
  const std::vector<DocumentChunk>& chunks = *hashed.chunks;
  hashed.digests.resize(chunks.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chunks.size(), 256),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      for (std::size_t i = range.begin(); i != range.end(); ++i)
                        hashed.digests[i] = content_digest(chunks[i].text);
                    });
  return hashed;
}

}  // namespace ferry::runner

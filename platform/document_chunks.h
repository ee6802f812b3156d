// A YAML stream's text cut at its document start markers without parsing it: the unit by which the load
// cache keys documents (docs/load-cache.md, "Per document"). A marker is "---" at the start of a line,
// followed by a blank, a line break or the end, as yaml-cpp reads it; in a document that is a map nothing
// can span such a line (a quoted or flow scalar across it does not parse alone, a block scalar ends by its
// indentation before it), so when every chunk of a text parses alone, the documents of the whole text are
// those of its chunks, in order, at the chunks' lines. The loader checks that each chunk parses alone.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace ferry::runner {

// One chunk: from the start of its marker's line (the first chunk: from the start of the text) to the
// start of the next marker's line. `line`: the 0-based line it starts on.
struct DocumentChunk {
  std::string_view text;
  int line = 0;
};

// The chunks of `text`, in order; nullopt when the text is not cut safely by lines: a line that starts
// with '%' (a directive belongs to the document after it), a carriage return not followed by a line feed
// (a line break the lines counted here would miss), or a NUL byte (a UTF-16 or UTF-32 text).
std::optional<std::vector<DocumentChunk>> document_chunks(std::string_view text);

}  // namespace ferry::runner

// The shared format of ferry's cache files (the load cache, platform/load_cache.h; the records cache,
// run/records_cache.h): length-prefixed fields ("5:hello"), so any text survives, under a header line
// naming the format and its version and above a trailer line holding the SHA-256 of everything before it; and
// their atomic writing. A cache file only saves time: one that does not check out is an error its reader
// turns into a warning and a rebuild, never trusted.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/error.h"
#include "core/fault_point.h"

namespace ferry {

class FieldEncoder {
 public:
  void field(std::string_view value);
  void number(long value);
  void location(const SourceLocation& where);
  std::string& text() { return text_; }

 private:
  std::string text_;
};

// Reads what FieldEncoder wrote; every read after the first malformed field fails.
class FieldDecoder {
 public:
  explicit FieldDecoder(std::string_view text) : text_(text) {}
  bool field(std::string& value);
  // The next field where it is in the text (no copy): for a caller that takes it out of the text itself.
  bool field_span(std::size_t& at, std::size_t& size);
  bool number(long& value);
  bool number(int& value);
  bool flag(bool& value);
  bool location(SourceLocation& where);
  bool done() const { return good_ && at_ == text_.size(); }
  // The bytes not read yet.
  std::size_t left() const { return text_.size() - at_; }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  bool good_ = true;
};

// What a cache file is: `magic` (its header's first word, "ferry-load-cache") and `what` (its name in
// errors, "load cache").
struct CacheFormat {
  std::string_view magic;
  std::string_view what;
  int version = 1;
};

// "<magic> <version>\n<body>\nsha256 <SHA-256 of all before>\n".
std::string framed_cache_text(const CacheFormat& format, const std::string& body);
// The body of a framed text. Errors: "not a ferry <what>", "<what> version N, this ferry reads V",
// "truncated", "checksum mismatch".
Result<std::string_view> cache_body(const CacheFormat& format, std::string_view text);
// cache_body in two steps, for a reader that decodes the body while another thread checks the sum: the body
// of a text whose frame is right (every error of cache_body but "checksum mismatch"), and whether its
// checksum is.
Result<std::string_view> cache_body_unchecked(const CacheFormat& format, std::string_view text);
bool cache_checksum_matches(std::string_view text);

// When a cache that the run read through a delta (only what changed since the cache was read again) is
// worth writing over the one read, for the load and the records caches (docs/load-cache.md, "When the
// caches are written"). A delta of at most kCacheDeltaUnwritten entries (or of 1% of the cache's `total`,
// when more) is left unwritten and redone by each later run until it grows past that: writing encodes every
// entry (with reading it, a quarter of a run that changed one request of 10,000, issue 25 row 2o), while
// redoing a small delta costs a few parses. A delta of half the cache or more is written whatever its size:
// a small cache costs little to write, and a `touch` of every file is not redone by every later run.
inline constexpr std::size_t kCacheDeltaUnwritten = 64;
bool cache_delta_worth_writing(std::size_t delta, std::size_t total);

// Writes `text` to `path` atomically: a temporary file beside it, flushed, then renamed over it, with the
// fault point `point` between the two. A run killed there leaves the old file and a stray temporary one.
// Error: "cannot write the <what> <path>".
Status write_cache_file(const std::filesystem::path& path, const std::string& text, const CacheFormat& format,
                        FaultPoint point);

}  // namespace ferry

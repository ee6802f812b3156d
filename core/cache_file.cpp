// The fields, the frame and the atomic write of ferry's cache files (cache_file.h).
#include "core/cache_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <limits>

#include "core/sha256.h"

namespace ferry {
namespace fs = std::filesystem;
namespace {

// SHA-256 rather than md5: OpenSSL's (with the CPU's SHA instructions where it has them) checks the
// megabytes of a cache at R = 10,000 in a third of the time of core/md5.h.
constexpr std::string_view kTrailer = "\nsha256 ";

}  // namespace

void FieldEncoder::field(std::string_view value) {
  text_ += std::to_string(value.size());
  text_ += ':';
  text_ += value;
}

void FieldEncoder::number(long value) {
  field(std::to_string(value));
}

void FieldEncoder::location(const SourceLocation& where) {
  field(where.file);
  number(where.line);
  number(where.column);
}

bool FieldDecoder::field_span(std::size_t& at, std::size_t& size) {
  const auto colon = text_.find(':', at_);
  if (!good_ || colon == std::string_view::npos || colon == at_ || colon - at_ > 12) return good_ = false;
  std::size_t length = 0;
  for (std::size_t i = at_; i < colon; ++i) {
    if (text_[i] < '0' || text_[i] > '9') return good_ = false;
    length = length * 10 + static_cast<std::size_t>(text_[i] - '0');
  }
  if (length > text_.size() - colon - 1) return good_ = false;
  at = colon + 1;
  size = length;
  at_ = colon + 1 + length;
  return true;
}

bool FieldDecoder::field(std::string& value) {
  std::size_t at = 0, size = 0;
  if (!field_span(at, size)) return false;
  value.assign(text_.substr(at, size));
  return true;
}

bool FieldDecoder::number(long& value) {
  // Parsed in place: a cache at R = 10,000 holds tens of thousands of numbers, and a string and std::stol
  // each were a measurable part of reading it. "-"? then digits, as std::to_string(long) writes, in range.
  std::size_t at = 0, size = 0;
  if (!field_span(at, size)) return false;
  std::string_view text = text_.substr(at, size);
  const bool negative = text.starts_with('-');
  if (negative) text.remove_prefix(1);
  if (text.empty() || text.size() > 19) return good_ = false;
  unsigned long long parsed = 0;  // 19 digits fit; the range is checked after
  for (const char c : text) {
    if (c < '0' || c > '9') return good_ = false;
    parsed = parsed * 10 + static_cast<unsigned long long>(c - '0');
  }
  constexpr auto kMax = static_cast<unsigned long long>(std::numeric_limits<long>::max());
  if (parsed > kMax + (negative ? 1 : 0)) return good_ = false;
  value = negative ? static_cast<long>(0ULL - parsed) : static_cast<long>(parsed);
  return true;
}

bool FieldDecoder::number(int& value) {
  long wide = 0;
  if (!number(wide)) return false;
  value = static_cast<int>(wide);
  return true;
}

bool FieldDecoder::flag(bool& value) {
  long n = 0;
  if (!number(n)) return false;
  value = n != 0;
  return true;
}

bool FieldDecoder::location(SourceLocation& where) {
  return field(where.file) && number(where.line) && number(where.column);
}

std::string framed_cache_text(const CacheFormat& format, const std::string& body) {
  const std::string header = std::string(format.magic) + " " + std::to_string(format.version) + "\n";
  // Built in place: a cache's body is megabytes at R = 10,000, and each copy of it was a cost of the run.
  std::string text;
  text.reserve(header.size() + body.size() + kTrailer.size() + 64 + 1);
  text += header;
  text += body;
  const std::string digest = sha256_hex(text);
  text += kTrailer;
  text += digest;
  text += '\n';
  return text;
}

Result<std::string_view> cache_body_unchecked(const CacheFormat& format, std::string_view text) {
  const std::string what(format.what);
  const std::string magic = std::string(format.magic) + " ";
  if (!text.starts_with(magic)) return make_error("not a ferry " + what);
  const auto header_end = text.find('\n');
  const std::string version(text.substr(magic.size(), header_end - magic.size()));
  if (version != std::to_string(format.version))
    return make_error(what + " version " + version + ", this ferry reads " + std::to_string(format.version));
  const auto trailer = text.rfind(kTrailer);
  if (trailer == std::string_view::npos || trailer < header_end || !text.ends_with("\n") ||
      text.size() != trailer + kTrailer.size() + 64 + 1)
    return make_error("truncated");
  return text.substr(header_end + 1, trailer - header_end - 1);
}

bool cache_checksum_matches(std::string_view text) {
  const auto trailer = text.rfind(kTrailer);
  return trailer != std::string_view::npos && text.size() == trailer + kTrailer.size() + 64 + 1 &&
         sha256_hex(text.substr(0, trailer)) == text.substr(trailer + kTrailer.size(), 64);
}

Result<std::string_view> cache_body(const CacheFormat& format, std::string_view text) {
  auto body = cache_body_unchecked(format, text);
  if (body && !cache_checksum_matches(text)) return make_error("checksum mismatch");
  return body;
}

Status write_cache_file(const fs::path& path, const std::string& text, const CacheFormat& format,
                        FaultPoint point) {
  const std::string what(format.what);
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  const fs::path temporary = path.string() + ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return make_error("cannot write the " + what + " " + temporary.string());
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  const bool written = ::fsync(fd) == 0 && done == text.size();
  ::close(fd);
  fault_point(point);
  if (!written || (fs::rename(temporary, path, ec), ec)) {
    fs::remove(temporary, ec);
    return make_error("cannot write the " + what + " " + path.string());
  }
  return ok();
}

bool cache_delta_worth_writing(std::size_t delta, std::size_t total) {
  return delta > std::max(kCacheDeltaUnwritten, total / 100) || 2 * delta >= total;
}

}  // namespace ferry

#include "writer/loose_object_check.h"

#include <zlib.h>

#include <algorithm>
#include <climits>
#include <cstring>

namespace ferry::writer::git {
namespace {

// Longer than any header git writes: "commit 18446744073709551615\0" is 28 bytes.
constexpr std::size_t kHeaderRoom = 64;

enum class Outcome { kFull, kEnded, kTruncated, kCorrupt };

// One zlib inflation of a whole file held in memory.
class Inflater {
 public:
  explicit Inflater(std::string_view file) {
    // zlib's input pointer is not const; inflate never writes through it.
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(file.data()));
    stream_.avail_in = static_cast<uInt>(file.size());
    ready_ = file.size() <= UINT_MAX && inflateInit(&stream_) == Z_OK;
  }
  ~Inflater() {
    if (ready_) inflateEnd(&stream_);
  }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  bool ready() const { return ready_; }

  // Inflates into [out, out + size) until it is full or the stream stops; `produced` is how much it wrote.
  Outcome fill(char* out, std::size_t size, std::size_t& produced) {
    std::size_t done = 0;
    Outcome outcome = Outcome::kFull;
    while (done < size) {
      const std::size_t room = std::min<std::size_t>(size - done, UINT_MAX);
      stream_.next_out = reinterpret_cast<Bytef*>(out + done);
      stream_.avail_out = static_cast<uInt>(room);
      const int result = inflate(&stream_, Z_NO_FLUSH);
      done += room - stream_.avail_out;
      if (result == Z_STREAM_END) {
        outcome = Outcome::kEnded;
        break;
      }
      if (result == Z_BUF_ERROR || (result == Z_OK && stream_.avail_out != 0 && stream_.avail_in == 0)) {
        outcome = Outcome::kTruncated;  // no input left before the stream's end
        break;
      }
      if (result != Z_OK) {
        outcome = Outcome::kCorrupt;
        break;
      }
    }
    produced = done;
    return outcome;
  }

 private:
  z_stream stream_{};
  bool ready_ = false;
};

Error damage(Outcome outcome) {
  return make_error(outcome == Outcome::kTruncated ? "its zlib stream ends early"
                                                   : "it is not a valid zlib stream");
}

// "<type> <size>" (without the NUL) as git writes it: one of the four types, a decimal size.
Result<LooseHeader> parse_header(std::string_view text) {
  const Error malformed = make_error("its header is not \"<type> <size>\"");
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos || space + 1 == text.size()) return malformed;
  const std::string type_name(text.substr(0, space));
  const git_object_t type = git_object_string2type(type_name.c_str());
  if (type != GIT_OBJECT_COMMIT && type != GIT_OBJECT_TREE && type != GIT_OBJECT_BLOB &&
      type != GIT_OBJECT_TAG)
    return malformed;
  std::size_t size = 0;
  for (const char digit : text.substr(space + 1)) {
    if (digit < '0' || digit > '9' || size > (SIZE_MAX - 9) / 10) return malformed;
    size = size * 10 + static_cast<std::size_t>(digit - '0');
  }
  return LooseHeader{type, size};
}

// The header and the data bytes that were inflated with it.
struct Start {
  LooseHeader header;
  std::string data;  // the first bytes of the data
  bool ended = false;
};

Result<Start> inflate_start(Inflater& inflater) {
  if (!inflater.ready())
    return make_error("it cannot be inflated (zlib could not start, or it is over 4 GiB)");
  char room[kHeaderRoom];
  std::size_t produced = 0;
  const Outcome outcome = inflater.fill(room, sizeof room, produced);
  const std::string_view inflated(room, produced);
  const std::size_t nul = inflated.find('\0');
  if (nul == std::string_view::npos) {
    if (outcome == Outcome::kTruncated || outcome == Outcome::kCorrupt) return damage(outcome);
    return make_error("its header is not \"<type> <size>\"");
  }
  auto header = parse_header(inflated.substr(0, nul));
  if (!header) return header.error();
  if (outcome == Outcome::kCorrupt) return damage(outcome);
  return Start{*header, std::string(inflated.substr(nul + 1)), outcome == Outcome::kEnded};
}

std::string size_text(std::size_t size) {
  return std::to_string(size) + " byte" + (size == 1 ? "" : "s");
}

}  // namespace

Result<LooseHeader> inflate_loose_header(std::string_view file) {
  Inflater inflater(file);
  auto start = inflate_start(inflater);
  if (!start) return start.error();
  return start->header;
}

Result<LooseHeader> inflate_loose_object(std::string_view file,
                                         const std::function<char*(std::size_t)>& allocate) {
  Inflater inflater(file);
  auto start = inflate_start(inflater);
  if (!start) return start.error();
  const std::size_t size = start->header.size;
  const std::string longer = "its data is longer than the " + size_text(size) + " its header says";
  if (start->data.size() > size) return make_error(longer);
  char* out = allocate(size);
  std::memcpy(out, start->data.data(), start->data.size());
  std::size_t produced = start->data.size();
  Outcome outcome = start->ended ? Outcome::kEnded : Outcome::kFull;
  if (!start->ended) {
    std::size_t more = 0;
    outcome = inflater.fill(out + produced, size - produced, more);
    produced += more;
  }
  if (outcome == Outcome::kFull) {  // the data is all there: the stream must end now
    char extra = 0;
    std::size_t beyond = 0;
    outcome = inflater.fill(&extra, 1, beyond);
    if (beyond != 0) return make_error(longer);
  }
  if (outcome != Outcome::kEnded) return damage(outcome);
  if (produced < size)
    return make_error("its data is " + size_text(produced) + ", shorter than the " + size_text(size) +
                      " its header says");
  return start->header;
}

}  // namespace ferry::writer::git

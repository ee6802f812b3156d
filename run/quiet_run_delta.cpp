#include "run/quiet_run_delta.h"

#include <cstring>
#include <vector>

#include "core/cache_file.h"
#include "core/file_text.h"

namespace ferry::runner {
namespace fs = std::filesystem;

namespace {

constexpr CacheFormat kDeltaFormat{"ferry-quiet-run-delta", "quiet-run memo's delta", 1};

// The memo's fields besides its report and kept requests, which a narrow run changes every time.
void encode_fields(FieldEncoder& out, const QuietRunMemo& memo) {
  out.field(memo.invocation);
  out.number(static_cast<long>(memo.files.snapshot_ns));
  out.field(memo.state_tip);
  out.number(static_cast<long>(memo.due_at_s));
  out.number(memo.health_free ? 1 : 0);
  encode_watched_inputs(out, memo);
}

bool decode_fields(FieldDecoder& in, QuietRunMemo& memo) {
  long snapshot = 0, due = 0;
  const bool good = in.field(memo.invocation) && in.number(snapshot) && in.field(memo.state_tip) &&
                    in.number(due) && in.flag(memo.health_free) && decode_watched_inputs(in, memo);
  memo.files.snapshot_ns = snapshot;
  memo.due_at_s = due;
  return good;
}

}  // namespace

fs::path quiet_run_delta_path(const fs::path& memo) {
  return memo.string() + "-delta";
}

void splice_entries(std::string& output, KeptRequests& kept,
                    const std::map<std::size_t, std::string>& entries) {
  if (entries.empty() || kept.requests.empty()) return;
  // The text between the entries replaced (each where it is, and how far it moves) and the entries' new
  // places; every kept span moved as the text before it grows or shrinks.
  struct Piece {
    std::size_t from, size;
    long shift;
  };
  std::vector<Piece> pieces;
  std::vector<std::pair<std::size_t, const std::string*>> placed;  // new place of each entry, its text
  std::size_t copied = 0;                                          // of `output`, up to here
  long shift = 0;
  for (KeptRequest& request : kept.requests) {
    const auto found = entries.find(static_cast<std::size_t>(&request - kept.requests.data()));
    if (found == entries.end()) {
      request.text.at = static_cast<std::size_t>(static_cast<long>(request.text.at) + shift);
      continue;
    }
    pieces.push_back({copied, request.text.at - copied, shift});
    copied = request.text.at + request.text.size;
    request.text = {static_cast<std::size_t>(static_cast<long>(request.text.at) + shift),
                    found->second.size()};
    placed.emplace_back(request.text.at, &found->second);
    shift = static_cast<long>(request.text.at + found->second.size()) - static_cast<long>(copied);
  }
  pieces.push_back({copied, output.size() - copied, shift});
  // In place, not into fresh memory (megabytes at R = 10,000): the text that moves left is moved first and
  // from the front, then the text that moves right from the back, so that nothing is overwritten before it
  // has moved; then the entries are written into the gaps left for them.
  const std::size_t size = static_cast<std::size_t>(static_cast<long>(output.size()) + shift);
  if (size > output.size()) output.resize(size);
  const auto move = [&output](const Piece& p) {
    if (p.shift != 0 && p.size > 0)
      std::memmove(output.data() + static_cast<long>(p.from) + p.shift, output.data() + p.from, p.size);
  };
  for (const Piece& p : pieces)
    if (p.shift < 0) move(p);
  for (auto p = pieces.rbegin(); p != pieces.rend(); ++p)
    if (p->shift > 0) move(*p);
  for (const auto& [at, text] : placed) output.replace(at, text->size(), *text);
  output.resize(size);
}

void splice_changed_entries(QuietRunMemo& memo) {
  if (memo.changed.empty()) return;
  splice_entries(memo.output.own(), memo.kept, memo.changed);
  memo.changed.clear();
}

bool apply_quiet_run_delta(const fs::path& path, QuietRunMemo& memo) {
  auto read = read_file_if_present(path);
  if (!read || !*read) return false;
  const std::optional<std::string>& text = *read;
  auto body = cache_body(kDeltaFormat, *text);
  if (!body) return false;
  FieldDecoder in(*body);
  // Decoded apart, and onto `memo` only once whole: a copy of the memo (its megabytes of report, every kept
  // request) was most of the delta's cost.
  QuietRunMemo fields;
  std::string digest;
  long count = 0;
  bool good = in.field(digest) && digest == memo.digest && decode_fields(in, fields) && in.number(count);
  std::map<std::size_t, std::pair<std::string, std::string>> entries;  // index -> (chunk digest, entry)
  for (long i = 0; good && i < count; ++i) {
    long index = 0;
    std::pair<std::string, std::string> entry;
    good = in.number(index) && in.field(entry.first) && in.field(entry.second) && index >= 0 &&
           static_cast<std::size_t>(index) < memo.kept.requests.size();
    entries[static_cast<std::size_t>(index)] = std::move(entry);
  }
  if (!good || !in.done()) return false;
  memo.invocation = std::move(fields.invocation);
  memo.files = std::move(fields.files);
  memo.state_tip = std::move(fields.state_tip);
  memo.store_tips = std::move(fields.store_tips);
  memo.images = std::move(fields.images);
  memo.due_at_s = fields.due_at_s;
  memo.health_free = fields.health_free;
  memo.changed.clear();
  for (auto& [index, entry] : entries) {
    memo.kept.requests[index].chunk_digest = std::move(entry.first);
    memo.changed[index] = std::move(entry.second);
  }
  return true;
}

Status write_quiet_run_delta(const fs::path& path, const QuietRunMemo& memo) {
  FieldEncoder out;
  out.field(memo.digest);
  encode_fields(out, memo);
  out.number(static_cast<long>(memo.changed.size()));
  for (const auto& [index, entry] : memo.changed) {
    out.number(static_cast<long>(index));
    out.field(memo.kept.requests.at(index).chunk_digest);
    out.field(entry);
  }
  return write_cache_file(path, framed_cache_text(kDeltaFormat, out.text()), kDeltaFormat,
                          FaultPoint::kQuietRunWrite);
}

}  // namespace ferry::runner

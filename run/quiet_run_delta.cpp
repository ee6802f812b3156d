#include "run/quiet_run_delta.h"

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
  std::string spliced;
  spliced.reserve(output.size() + 1024);
  std::size_t copied = 0;  // of `output`, up to here
  std::size_t moved = 0;   // signed by wrapping: how far the entries from here on move
  for (KeptRequest& request : kept.requests) {
    const auto found = entries.find(static_cast<std::size_t>(&request - kept.requests.data()));
    if (found == entries.end()) {
      request.text.at += moved;
      continue;
    }
    spliced.append(output, copied, request.text.at - copied);
    copied = request.text.at + request.text.size;
    request.text = {spliced.size(), found->second.size()};
    spliced += found->second;
    moved = spliced.size() - copied;
  }
  spliced.append(output, copied);
  output = std::move(spliced);
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
  std::map<std::size_t, std::pair<std::string, std::string>> entries;  // index -> (chunk md5, entry)
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
    memo.kept.requests[index].chunk_md5 = std::move(entry.first);
    memo.changed[index] = std::move(entry.second);
  }
  splice_entries(memo.output, memo.kept, memo.changed);
  return true;
}

Status write_quiet_run_delta(const fs::path& path, const QuietRunMemo& memo) {
  FieldEncoder out;
  out.field(memo.digest);
  encode_fields(out, memo);
  out.number(static_cast<long>(memo.changed.size()));
  for (const auto& [index, entry] : memo.changed) {
    out.number(static_cast<long>(index));
    out.field(memo.kept.requests.at(index).chunk_md5);
    out.field(entry);
  }
  return write_cache_file(path, framed_cache_text(kDeltaFormat, out.text()), kDeltaFormat,
                          FaultPoint::kQuietRunWrite);
}

}  // namespace ferry::runner

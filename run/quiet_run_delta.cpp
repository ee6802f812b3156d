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
  out.number(static_cast<long>(memo.files.files.size()));
  for (const WatchedFile& f : memo.files.files) {
    out.field(f.path);
    for (long n : {f.stat.size, f.stat.mtime_ns, f.stat.ctime_ns, f.stat.inode, f.stat.device}) out.number(n);
    out.field(f.md5);
  }
  out.number(static_cast<long>(memo.store_tips.size()));
  for (const WatchedTip& t : memo.store_tips) {
    for (const std::string* field : {&t.url, &t.branch, &t.tip}) out.field(*field);
  }
  out.number(static_cast<long>(memo.images.size()));
  for (const auto& [image, digest] : memo.images) {
    out.field(image);
    out.field(digest);
  }
}

bool decode_fields(FieldDecoder& in, QuietRunMemo& memo) {
  long snapshot = 0, due = 0, files = 0, tips = 0, images = 0;
  bool good = in.field(memo.invocation) && in.number(snapshot) && in.field(memo.state_tip) &&
              in.number(due) && in.flag(memo.health_free) && in.number(files);
  memo.files.files.clear();
  for (long i = 0; good && i < files; ++i) {
    WatchedFile f;
    good = in.field(f.path) && in.number(f.stat.size) && in.number(f.stat.mtime_ns) &&
           in.number(f.stat.ctime_ns) && in.number(f.stat.inode) && in.number(f.stat.device) &&
           in.field(f.md5);
    memo.files.files.push_back(std::move(f));
  }
  good = good && in.number(tips);
  memo.store_tips.clear();
  for (long i = 0; good && i < tips; ++i) {
    WatchedTip t;
    good = in.field(t.url) && in.field(t.branch) && in.field(t.tip);
    memo.store_tips.push_back(std::move(t));
  }
  good = good && in.number(images);
  memo.images.clear();
  for (long i = 0; good && i < images; ++i) {
    std::string image, digest;
    good = in.field(image) && in.field(digest);
    memo.images[image] = digest;
  }
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

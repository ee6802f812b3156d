#include "run/quiet_run_memo.h"

namespace ferry::runner {

std::string_view kept_entry(const QuietRunMemo& memo, std::size_t i) {
  if (const auto changed = memo.changed.find(i); changed != memo.changed.end()) return changed->second;
  const TextSpan& span = memo.kept.requests[i].text;
  return memo.output.text().substr(span.at, span.size);
}

void encode_watched_inputs(FieldEncoder& out, const QuietRunMemo& memo) {
  out.number(static_cast<long>(memo.files.files.size()));
  for (const WatchedFile& f : memo.files.files) {
    out.field(f.path);
    for (long n : {f.stat.size, f.stat.mtime_ns, f.stat.ctime_ns, f.stat.inode, f.stat.device}) out.number(n);
    out.field(f.digest);
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

bool decode_watched_inputs(FieldDecoder& in, QuietRunMemo& memo) {
  long files = 0, tips = 0, images = 0;
  bool good = in.number(files);
  memo.files.files.clear();
  for (long i = 0; good && i < files; ++i) {
    WatchedFile f;
    good = in.field(f.path) && in.number(f.stat.size) && in.number(f.stat.mtime_ns) &&
           in.number(f.stat.ctime_ns) && in.number(f.stat.inode) && in.number(f.stat.device) &&
           in.field(f.digest);
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
  return good;
}

}  // namespace ferry::runner

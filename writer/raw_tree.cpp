#include "writer/raw_tree.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <limits>
#include <utility>

namespace ferry::writer::git {
namespace {

constexpr std::size_t kIdSize = GIT_OID_RAWSZ;
// "<mode> <name>\0<id>" with a mode of one digit and a name of one byte.
constexpr std::size_t kShortestEntry = 1 + 1 + 1 + 1 + kIdSize;
constexpr unsigned kTypeBits = 0170000;
constexpr unsigned kDirectoryType = 0040000;

bool is_directory(unsigned mode) {
  return (mode & kTypeBits) == kDirectoryType;
}

// The octal mode in [begin, end), or nullopt when it is not one (empty, a non-octal digit, too long).
std::optional<unsigned> parse_mode(const char* begin, const char* end) {
  unsigned mode = 0;
  if (begin == end || end - begin > 7) return std::nullopt;
  auto [stop, error] = std::from_chars(begin, end, mode, 8);
  if (error != std::errc() || stop != end) return std::nullopt;
  return mode;
}

void append_entry(std::string& out, std::string_view name, const RawTree::Entry& entry) {
  char mode[8];
  auto stop = std::to_chars(mode, mode + sizeof mode, entry.mode, 8).ptr;
  out.append(mode, stop);
  out.push_back(' ');
  out.append(name);
  out.push_back('\0');
  out.append(reinterpret_cast<const char*>(entry.id.id), kIdSize);
}

}  // namespace

bool git_entry_less(std::string_view a, bool a_directory, std::string_view b, bool b_directory) {
  const std::size_t common = std::min(a.size(), b.size());
  if (int order = std::memcmp(a.data(), b.data(), common); order != 0) return order < 0;
  // The first byte after the common part; a name that ends there continues with '/' if it is a directory.
  auto next = [common](std::string_view name, bool directory) -> unsigned char {
    if (name.size() > common) return static_cast<unsigned char>(name[common]);
    return directory ? '/' : '\0';
  };
  return next(a, a_directory) < next(b, b_directory);
}

Result<RawTree> RawTree::parse(std::string bytes, const std::string& what) {
  auto owned = std::make_shared<const std::string>(std::move(bytes));
  const std::string_view view = *owned;
  return parse(view, std::move(owned), what);
}

Result<RawTree> RawTree::parse(std::string_view bytes, std::shared_ptr<const void> owner,
                               const std::string& what) {
  if (bytes.size() > std::numeric_limits<std::uint32_t>::max())
    return Error{"tree in " + what + " is 4 GiB or more: ferry does not edit one that large"};
  RawTree tree;
  // Reserved once, for as many entries as the bytes can hold (one is at least kShortestEntry bytes): the
  // slots of a big tree are not copied as they grow.
  tree.slots_.reserve(bytes.size() / kShortestEntry + 1);
  std::size_t at = 0;
  while (at < bytes.size()) {
    const char* data = bytes.data();
    const auto* space = static_cast<const char*>(std::memchr(data + at, ' ', bytes.size() - at));
    const auto mode = space ? parse_mode(data + at, space) : std::nullopt;
    const std::size_t name = space ? static_cast<std::size_t>(space - data) + 1 : bytes.size();
    const auto* nul =
        mode ? static_cast<const char*>(std::memchr(data + name, '\0', bytes.size() - name)) : nullptr;
    const std::size_t id = nul ? static_cast<std::size_t>(nul - data) + 1 : bytes.size();
    if (!mode || nul == nullptr || id == name + 1 || bytes.size() - id < kIdSize) {
      return Error{"corrupt tree in " + what + ": entry at byte " + std::to_string(at) + " does not parse"};
    }
    tree.slots_.push_back(Slot{static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(name),
                               static_cast<std::uint32_t>(id - 1 - name),
                               static_cast<std::uint32_t>(id + kIdSize), is_directory(*mode)});
    at = id + kIdSize;
  }
  tree.owner_ = std::move(owner);
  tree.bytes_ = bytes;
  auto less = [&tree](const Slot& a, const Slot& b) {
    return git_entry_less(tree.name_of(a), a.directory, tree.name_of(b), b.directory);
  };
  if (!std::is_sorted(tree.slots_.begin(), tree.slots_.end(), less)) {
    std::stable_sort(tree.slots_.begin(), tree.slots_.end(), less);
  }
  return tree;
}

Result<std::optional<RawTree::Entry>> RawTree::find_in(std::string_view bytes, std::string_view name,
                                                       const std::string& what) {
  std::size_t at = 0;
  const auto corrupt = [&what, &at] {
    return Error{"corrupt tree in " + what + ": entry at byte " + std::to_string(at) + " does not parse"};
  };
  while (at < bytes.size()) {
    const std::size_t space = bytes.find(' ', at);
    const std::size_t nul = space == std::string_view::npos ? space : bytes.find('\0', space + 1);
    if (nul == std::string_view::npos || nul == space + 1 || bytes.size() - nul - 1 < kIdSize)
      return corrupt();
    const auto mode = parse_mode(bytes.data() + at, bytes.data() + space);
    if (!mode) return corrupt();
    if (bytes.substr(space + 1, nul - space - 1) == name) {
      Entry entry;
      entry.mode = *mode;
      std::memcpy(entry.id.id, bytes.data() + nul + 1, kIdSize);
      return std::optional<Entry>(entry);
    }
    at = nul + 1 + kIdSize;
  }
  return std::optional<Entry>();
}

const RawTree::Slot* RawTree::find_old(std::string_view name) const {
  for (bool directory : {false, true}) {
    auto found =
        std::lower_bound(slots_.begin(), slots_.end(), name, [&](const Slot& slot, std::string_view key) {
          return git_entry_less(name_of(slot), slot.directory, key, directory);
        });
    if (found != slots_.end() && found->directory == directory && name_of(*found) == name) return &*found;
  }
  return nullptr;
}

RawTree::Entry RawTree::entry_of(const Slot& slot) const {
  Entry entry;
  entry.mode = *parse_mode(bytes_.data() + slot.begin, bytes_.data() + slot.name - 1);
  std::memcpy(entry.id.id, bytes_.data() + slot.end - kIdSize, kIdSize);
  return entry;
}

std::optional<RawTree::Entry> RawTree::find(std::string_view name) const {
  if (auto edit = edits_.find(name); edit != edits_.end()) return edit->second;
  const Slot* slot = find_old(name);
  return slot ? std::optional<Entry>(entry_of(*slot)) : std::nullopt;
}

void RawTree::put(std::string_view name, const Entry& entry) {
  edits_.insert_or_assign(std::string(name), entry);
}

void RawTree::remove(std::string_view name) {
  edits_.insert_or_assign(std::string(name), std::nullopt);
}

std::size_t RawTree::size() const {
  std::size_t count = slots_.size();
  for (const auto& [name, entry] : edits_) {
    const bool was_there = find_old(name) != nullptr;
    if (entry && !was_there) ++count;
    if (!entry && was_there) --count;
  }
  return count;
}

std::string RawTree::serialize() const {
  std::vector<std::pair<std::string_view, const Entry*>> added;
  for (const auto& [name, entry] : edits_) {
    if (entry) added.emplace_back(name, &*entry);
  }
  std::sort(added.begin(), added.end(), [](const auto& a, const auto& b) {
    return git_entry_less(a.first, is_directory(a.second->mode), b.first, is_directory(b.second->mode));
  });
  std::string out;
  out.reserve(bytes_.size() + added.size() * 64);
  // Old entries are copied in runs of adjacent bytes; an edit or an out-of-place entry ends a run.
  std::size_t run_begin = 0;
  std::size_t run_end = 0;
  auto flush = [&] {
    out.append(bytes_.substr(run_begin, run_end - run_begin));
    run_begin = run_end = 0;
  };
  auto next_added = added.begin();
  for (const Slot& slot : slots_) {
    const std::string_view name = name_of(slot);
    if (edits_.contains(name)) continue;
    for (; next_added != added.end() &&
           git_entry_less(next_added->first, is_directory(next_added->second->mode), name, slot.directory);
         ++next_added) {
      flush();
      append_entry(out, next_added->first, *next_added->second);
    }
    if (run_end != slot.begin || run_end == run_begin) {
      flush();
      run_begin = slot.begin;
    }
    run_end = slot.end;
  }
  flush();
  for (; next_added != added.end(); ++next_added) append_entry(out, next_added->first, *next_added->second);
  return out;
}

}  // namespace ferry::writer::git

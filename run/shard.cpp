#include "run/shard.h"

#include <charconv>

#include "core/stable_hash.h"

namespace ferry::runner {
namespace {

constexpr int kMaxShards = 10000;

bool parse_int(std::string_view text, int& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

bool Shard::takes_request(const std::string& namespace_, const std::string& name) const {
  if (count <= 1) return true;
  return static_cast<int>(stable_hash(namespace_ + "/" + name) % static_cast<std::uint64_t>(count)) ==
         index - 1;
}

bool Shard::takes_deletion(const std::string& kind, const std::string& namespace_,
                           const std::string& name) const {
  return kind == "Promise" ? index == 1 : takes_request(namespace_, name);
}

Result<Shard> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard shard;
  const bool parsed = slash != std::string::npos &&
                      parse_int(std::string_view(text).substr(0, slash), shard.index) &&
                      parse_int(std::string_view(text).substr(slash + 1), shard.count);
  if (!parsed || shard.count < 1 || shard.count > kMaxShards || shard.index < 1 ||
      shard.index > shard.count) {
    return make_error("--shard \"" + text + "\": expected I/N with 1 <= I <= N <= " +
                      std::to_string(kMaxShards) + ", e.g. --shard 2/4 for the second of four jobs");
  }
  return shard;
}

}  // namespace ferry::runner

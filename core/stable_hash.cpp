#include "core/stable_hash.h"

namespace ferry {

std::uint64_t stable_hash(std::string_view data) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : data) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  // FNV-1a alone mixes the last bytes poorly; splitmix64's finaliser spreads them over every bit.
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return h;
}

}  // namespace ferry

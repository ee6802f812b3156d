// A hash that is the same on every machine and every run (unlike std::hash), used wherever Kratix would
// pick at random: the deterministic choice must not depend on the platform or the standard library.
#pragma once

#include <cstdint>
#include <string_view>

namespace ferry {

std::uint64_t stable_hash(std::string_view data);  // FNV-1a 64 followed by a splitmix64 finaliser

}  // namespace ferry

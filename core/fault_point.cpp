#include "core/fault_point.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace ferry {
namespace {

std::string known_names() {
  std::string names;
  for (const FaultPointInfo& info : kFaultPoints)
    names += (names.empty() ? "" : ", ") + std::string(info.name);
  return names;
}

#ifdef FERRY_FAULT_POINTS
// What the environment asks for, read once; nullopt when FERRY_FAULT_POINT is unset or empty.
std::optional<FaultSpec> requested_spec() {
  const char* text = std::getenv("FERRY_FAULT_POINT");
  if (text == nullptr || *text == '\0') return std::nullopt;
  auto spec = parse_fault_spec(text);
  if (!spec) {
    std::fprintf(stderr, "ferry: FERRY_FAULT_POINT: %s\n", spec.error().render().c_str());
    std::abort();
  }
  return *spec;
}
#endif

}  // namespace

Result<FaultSpec> parse_fault_spec(std::string_view text) {
  const auto colon = text.find(':');
  const std::string_view name = text.substr(0, colon);
  FaultSpec spec;
  bool found = false;
  for (const FaultPointInfo& info : kFaultPoints) {
    if (info.name == name) spec.point = info.point, found = true;
  }
  if (!found) return make_error("unknown fault point \"" + std::string(name) + "\"; known: " + known_names());
  if (colon == std::string_view::npos) return spec;
  const std::string_view count = text.substr(colon + 1);
  const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), spec.hit);
  if (error != std::errc() || end != count.data() + count.size() || spec.hit < 1) {
    return make_error("bad hit count \"" + std::string(count) + "\" in \"" + std::string(text) +
                      "\"; write NAME or NAME:N with N >= 1");
  }
  return spec;
}

#ifdef FERRY_FAULT_POINTS
bool fault_points_compiled_in() {
  return true;
}

void fault_point(FaultPoint point) {
  static const std::optional<FaultSpec> spec = requested_spec();
  static std::atomic<long> hits{0};
  if (!spec || spec->point != point) return;
  if (hits.fetch_add(1) + 1 == spec->hit) kill(getpid(), SIGKILL);
}
#else
bool fault_points_compiled_in() {
  return false;
}

void fault_point(FaultPoint) {}
#endif

}  // namespace ferry

// Go durations (time.ParseDuration), as Kratix reads `retryAfter` in workflow-control.yaml (reference §2.8),
// and the RFC 3339 timestamps Kratix writes into statuses. Pure: time is always passed in.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "core/error.h"

namespace ferry::pipeline {

// Parses a Go duration: one or more <decimal number><unit> terms, e.g. "10m", "1h30m", "1.5h", ".5s",
// "300ms", "2h45m30s"; units ns, us, µs (U+00B5 or U+03BC), ms, s, m, h; a leading '+' is allowed and "0"
// needs no unit. Differences from Go, on purpose: a leading '-' is refused (a negative wait means
// nothing). Fractions are computed exactly as Go does (float64), so the results equal Go's to the
// nanosecond; values above Go's maximum (about 292 years) are refused.
// Errors point at `where` (the value's line and column) and name `path` (e.g. "retryAfter"):
//   invalid duration "1d" in "retryAfter": unknown unit "d"; write e.g. "10m", "1h30m" or "300ms" (units
//   ns, us, ms, s, m, h)
Result<std::chrono::nanoseconds> parse_go_duration(std::string_view text, const std::string& path,
                                                   const SourceLocation& where);

// "2024-05-01T12:00:00Z": UTC, whole seconds (the fraction is dropped, as metav1.Time serialises).
std::string format_rfc3339_utc(std::chrono::system_clock::time_point when);

}  // namespace ferry::pipeline

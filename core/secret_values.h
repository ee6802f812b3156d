// The secret values this process has resolved (valueFrom secretKeyRef, a store's secretRef credentials),
// known to everything that prints or records text, so that each can mask them as "***". A value is
// remembered by pipeline/secrets.h's resolve_secret() as it is read; masking reads the set under a lock,
// so parallel pipelines may resolve values while others print. Bundles written to Destinations are the
// user's output and are never masked; reports, logs, annotations and ferry's own records are.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ferry {

// Values shorter than this are not masked: they would blank out ordinary words.
inline constexpr std::size_t kMinMaskedLength = 4;

// Remembers `value` (and, when it differs, the value without surrounding whitespace, as a shell's
// `$(cat file)` leaves it) for the rest of the process. Values shorter than kMinMaskedLength are ignored.
void remember_secret_value(std::string_view value);

// Every remembered value, longest first.
std::vector<std::string> remembered_secret_values();

// Called once for every value remembered from now on (and at once for those already remembered), e.g. to
// tell GitHub Actions to mask it. Replaces the previous listener; an empty function removes it.
void on_secret_value(std::function<void(const std::string&)> listener);

// `text` with every occurrence of every value in `values` of at least kMinMaskedLength bytes replaced by
// "***". Where values overlap, the longest match at the leftmost position wins.
std::string masked(std::string_view text, const std::vector<std::string>& values);

// masked(text, remembered_secret_values()).
std::string masked_secrets(std::string_view text);

// Forgets every value and the listener (tests only).
void forget_secret_values();

}  // namespace ferry

// Wording helpers for user messages: values quoted with a bounded length, so that a hostile 20 MB value
// cannot flood stderr, and "did you mean" suggestions for misspelt words.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ferry {

// How many characters of a value a message repeats.
inline constexpr std::size_t kQuotedCharacters = 64;

// `text` itself when it has at most `max_characters` characters (UTF-8 code points), else its first
// `max_characters` followed by "... (70,000 characters)". Control characters read as \xNN, so that a value
// never breaks a message over lines.
std::string shortened(std::string_view text, std::size_t max_characters = kQuotedCharacters);

// shortened(text) in double quotes: "cache", or "xxxx..."... (70,000 characters) when cut.
std::string quoted_value(std::string_view text, std::size_t max_characters = kQuotedCharacters);

// The last `count` lines of `text` (a container's or an engine's log), without its trailing newlines.
std::string last_lines(std::string_view text, std::size_t count);

// Levenshtein distance of the two words, comparing ASCII letters without regard to case.
std::size_t edit_distance_ignoring_case(std::string_view a, std::string_view b);

// The candidate nearest to `word` when it is at most `max_distance` edits away (case-insensitive); the
// first of equally near ones, so the answer depends only on the candidates' order.
std::optional<std::string> closest_word(std::string_view word, const std::vector<std::string>& candidates,
                                        std::size_t max_distance);

}  // namespace ferry

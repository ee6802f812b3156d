#include "core/message_text.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace ferry {
namespace {

bool is_continuation_byte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// 20971520 -> "20,971,520". Appended digit by digit rather than with string::insert, on which gcc 12 at -O3
// reports a false -Wrestrict inside libstdc++ (a plain `-DCMAKE_BUILD_TYPE=Release` build).
std::string with_thousands(std::size_t number) {
  const std::string digits = std::to_string(number);
  std::string grouped;
  for (std::size_t at = 0; at < digits.size(); ++at) {
    if (at > 0 && (digits.size() - at) % 3 == 0) grouped += ',';
    grouped += digits[at];
  }
  return grouped;
}

void append_visible(std::string& out, char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte != 0x7F) {
    out += c;
    return;
  }
  char escaped[8];
  std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
  out += escaped;
}

char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// The first `max_characters` characters of `text`, made visible, and how many characters it has.
struct Prefix {
  std::string visible;
  std::size_t characters = 0;
};

Prefix prefix_of(std::string_view text, std::size_t max_characters) {
  Prefix prefix;
  for (const char c : text) {
    if (!is_continuation_byte(c)) ++prefix.characters;
    if (prefix.characters <= max_characters) append_visible(prefix.visible, c);
  }
  return prefix;
}

std::string cut_marker(std::size_t characters) {
  return "... (" + with_thousands(characters) + " characters)";
}

}  // namespace

std::string shortened(std::string_view text, std::size_t max_characters) {
  const Prefix prefix = prefix_of(text, max_characters);
  if (prefix.characters <= max_characters) return prefix.visible;
  return prefix.visible + cut_marker(prefix.characters);
}

std::string quoted_value(std::string_view text, std::size_t max_characters) {
  const Prefix prefix = prefix_of(text, max_characters);
  const std::string quoted_prefix = "\"" + prefix.visible + "\"";
  if (prefix.characters <= max_characters) return quoted_prefix;
  return quoted_prefix + cut_marker(prefix.characters);
}

std::size_t edit_distance_ignoring_case(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::optional<std::string> closest_word(std::string_view word, const std::vector<std::string>& candidates,
                                        std::size_t max_distance) {
  std::optional<std::string> best;
  std::size_t best_distance = max_distance + 1;
  for (const std::string& candidate : candidates) {
    // The distance is at least the difference in length: a huge word costs nothing to rule out.
    const std::size_t longer = std::max(word.size(), candidate.size());
    if (longer - std::min(word.size(), candidate.size()) >= best_distance) continue;
    const std::size_t distance = edit_distance_ignoring_case(word, candidate);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

std::string last_lines(std::string_view text, std::size_t count) {
  std::size_t end = text.size();
  while (end > 0 && text[end - 1] == '\n') --end;
  std::size_t start = end;
  for (std::size_t lines = 0; start > 0; --start) {
    if (text[start - 1] == '\n' && ++lines == count) break;
  }
  return std::string(text.substr(start, end - start));
}

}  // namespace ferry

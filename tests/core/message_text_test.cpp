// Bounded quoting of values in messages, and the "did you mean" suggestion.
#include "core/message_text.h"

#include <gtest/gtest.h>

namespace ferry {
namespace {

TEST(MessageText, AShortValueIsQuotedWhole) {
  EXPECT_EQ(quoted_value("small"), "\"small\"");
  EXPECT_EQ(quoted_value(std::string(64, 'x')), "\"" + std::string(64, 'x') + "\"");
  EXPECT_EQ(shortened("small"), "small");
}

TEST(MessageText, ALongValueKeepsItsFirst64CharactersAndSaysHowLongItWas) {
  EXPECT_EQ(quoted_value(std::string(65, 'x')), "\"" + std::string(64, 'x') + "\"... (65 characters)");
  EXPECT_EQ(quoted_value(std::string(20 << 20, 'x')),
            "\"" + std::string(64, 'x') + "\"... (20,971,520 characters)");
  EXPECT_EQ(shortened(std::string(70000, '7')), std::string(64, '7') + "... (70,000 characters)");
  EXPECT_EQ(shortened("abcdef", 3), "abc... (6 characters)");
  // Groups of three from the right, whatever the digit count.
  EXPECT_EQ(shortened(std::string(1000, 'a'), 1), "a... (1,000 characters)");
  EXPECT_EQ(shortened(std::string(123456, 'a'), 1), "a... (123,456 characters)");
}

TEST(MessageText, CharactersAreCodePointsAndNeverCutInHalf) {
  std::string accents;
  for (int i = 0; i < 70; ++i) accents += "\xC3\xA9";  // é, two bytes each
  std::string first;
  for (int i = 0; i < 64; ++i) first += "\xC3\xA9";
  EXPECT_EQ(quoted_value(accents), "\"" + first + "\"... (70 characters)");
}

TEST(MessageText, ControlCharactersAreShownEscapedSoAMessageStaysOnOneLine) {
  EXPECT_EQ(quoted_value("a\nb\tc\x7F"), "\"a\\x0Ab\\x09c\\x7F\"");
}

TEST(MessageText, LastLinesAreTheEndOfALogWithoutItsTrailingNewlines) {
  EXPECT_EQ(last_lines("one\ntwo\nthree\nfour\n\n", 2), "three\nfour");
  EXPECT_EQ(last_lines("one\ntwo", 5), "one\ntwo");
  EXPECT_EQ(last_lines("", 3), "");
}

TEST(MessageText, EditDistanceIgnoresCase) {
  EXPECT_EQ(edit_distance_ignoring_case("Destinaton", "Destination"), 1u);
  EXPECT_EQ(edit_distance_ignoring_case("promise", "Promise"), 0u);
  EXPECT_EQ(edit_distance_ignoring_case("Promsie", "Promise"), 2u);
  EXPECT_EQ(edit_distance_ignoring_case("", "abc"), 3u);
  EXPECT_EQ(edit_distance_ignoring_case("kitten", "sitting"), 3u);
}

TEST(MessageText, TheClosestWordWithinTheDistanceIsSuggested) {
  const std::vector<std::string> kinds = {"Cluster", "Destination", "GitStateStore", "Promise"};
  EXPECT_EQ(closest_word("Destinaton", kinds, 2), "Destination");
  EXPECT_EQ(closest_word("promis", kinds, 2), "Promise");
  EXPECT_EQ(closest_word("GitStateStor", kinds, 2), "GitStateStore");
  EXPECT_EQ(closest_word("Deployment", kinds, 2), std::nullopt);
  EXPECT_EQ(closest_word("Promsie", kinds, 1), std::nullopt);
  EXPECT_EQ(closest_word(std::string(1 << 20, 'P'), kinds, 2), std::nullopt);
  EXPECT_EQ(closest_word("ab", {"ax", "ay"}, 2), "ax");  // equally near: the first
}

}  // namespace
}  // namespace ferry

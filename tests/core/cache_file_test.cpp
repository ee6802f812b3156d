// The fields and frame of ferry's cache files (core/cache_file.h): what FieldEncoder writes reads back, and
// anything else is refused, never half-read.
#include "core/cache_file.h"

#include <gtest/gtest.h>

#include <limits>

namespace ferry {
namespace {

TEST(CacheFields, NumbersReadBackAsWrittenAcrossTheRangeOfLong) {
  FieldEncoder out;
  const std::vector<long> values{
      0, 7, -7, 1764000000123456789L, std::numeric_limits<long>::max(), std::numeric_limits<long>::min()};
  for (long value : values) out.number(value);
  out.field("text");
  FieldDecoder in(out.text());
  for (long expected : values) {
    long value = 1;
    ASSERT_TRUE(in.number(value)) << expected;
    EXPECT_EQ(value, expected);
  }
  std::string text;
  EXPECT_TRUE(in.field(text));
  EXPECT_EQ(text, "text");
  EXPECT_TRUE(in.done());
}

TEST(CacheFields, ANumberThatIsNotOneFailsEveryReadAfterIt) {
  for (const char* bad : {"0:", "1:-", "2:1a", "2:+1", "2: 1", "19:9223372036854775808",
                          "20:-9223372036854775809", "20:12345678901234567890", "9:12", "x:1"}) {
    const std::string text = std::string(bad) + "1:1";  // FieldDecoder reads it where it is
    FieldDecoder in(text);
    long value = 5;
    EXPECT_FALSE(in.number(value)) << bad;
    EXPECT_EQ(value, 5) << bad;
    EXPECT_FALSE(in.number(value)) << bad;
    EXPECT_FALSE(in.done()) << bad;
  }
}

TEST(CacheFrame, ABodyReadsBackAndAnyChangedByteIsAChecksumMismatch) {
  const CacheFormat format{"ferry-test-cache", "test cache", 3};
  const std::string text = framed_cache_text(format, "5:hello");
  EXPECT_EQ(cache_body(format, text).value(), "5:hello");
  std::string changed = text;
  changed[changed.find("hello")] = 'j';
  EXPECT_EQ(cache_body(format, changed).error().message, "checksum mismatch");
  EXPECT_EQ(cache_body(format, text.substr(0, text.size() - 2)).error().message, "truncated");
  EXPECT_EQ(cache_body({"ferry-test-cache", "test cache", 4}, text).error().message,
            "test cache version 3, this ferry reads 4");
}

}  // namespace
}  // namespace ferry

// parse_go_duration: Go's time.ParseDuration (cases from Go's own table), minus negative durations;
// format_rfc3339_utc.
#include "pipeline/duration.h"

#include <gtest/gtest.h>

#include "core/yaml_document.h"
#include "pipeline/duration_field.h"

namespace ferry::pipeline {
namespace {

using std::chrono::nanoseconds;
constexpr std::int64_t kSecond = 1000000000;
constexpr std::int64_t kMinute = 60 * kSecond;
constexpr std::int64_t kHour = 60 * kMinute;
constexpr std::int64_t kMax = INT64_MAX;

struct Accepted {
  const char* text;
  std::int64_t nanos;
};

class DurationAccepts : public ::testing::TestWithParam<Accepted> {};

TEST_P(DurationAccepts, AsGoDoes) {
  auto parsed = parse_go_duration(GetParam().text, "retryAfter", SourceLocation{"wc.yaml", 1, 13});
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  EXPECT_EQ(parsed->count(), GetParam().nanos);
}

INSTANTIATE_TEST_SUITE_P(
    Table, DurationAccepts,
    ::testing::Values(
        Accepted{"0", 0}, Accepted{"+0", 0}, Accepted{"0s", 0}, Accepted{"10m", 10 * kMinute},
        Accepted{"1h30m", 90 * kMinute}, Accepted{"1.5h", 90 * kMinute}, Accepted{"300ms", 300000000},
        Accepted{"2h45m30s", 2 * kHour + 45 * kMinute + 30 * kSecond}, Accepted{"+5s", 5 * kSecond},
        Accepted{".5s", kSecond / 2}, Accepted{"1.s", kSecond}, Accepted{"1ns", 1}, Accepted{"1us", 1000},
        Accepted{"1\u00b5s", 1000}, Accepted{"1\u03bcs", 1000}, Accepted{"1h1h", 2 * kHour},
        Accepted{"100.00100s", 100 * kSecond + 1000000}, Accepted{"0.3333333333333333333h", 20 * kMinute},
        Accepted{"9007199254740993ns", (std::int64_t{1} << 53) + 1}, Accepted{"9223372036854775807ns", kMax},
        Accepted{"9223372036854775.807us", kMax}, Accepted{"9223372036s854ms775us807ns", kMax},
        Accepted{"0.100000000000000000000h", 6 * kMinute},
        Accepted{"0.830103483285477580700h", 49 * kMinute + 48 * kSecond + 372539827}));

struct DurationRejected {
  const char* text;
  const char* why;  // between "in \"retryAfter\": " and the advice
};

class DurationRejects : public ::testing::TestWithParam<DurationRejected> {};

TEST_P(DurationRejects, WithLocationAndAdvice) {
  auto parsed = parse_go_duration(GetParam().text, "retryAfter", SourceLocation{"wc.yaml", 2, 13});
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().render(),
            std::string("wc.yaml:2:13: invalid duration \"") + GetParam().text + "\" in \"retryAfter\": " +
                GetParam().why + "; write e.g. \"10m\", \"1h30m\" or \"300ms\" (units ns, us, ms, s, m, h)");
}

INSTANTIATE_TEST_SUITE_P(
    Table, DurationRejects,
    ::testing::Values(
        DurationRejected{"", "empty"}, DurationRejected{"+", "empty"},
        DurationRejected{"-5m", "negative durations are not allowed"},
        DurationRejected{"-0", "negative durations are not allowed"}, DurationRejected{"10", "missing unit"},
        DurationRejected{"1h30", "missing unit"}, DurationRejected{"00", "missing unit"},
        DurationRejected{"1.5.5h", "missing unit"}, DurationRejected{"1d", "unknown unit \"d\""},
        DurationRejected{"5 m", "unknown unit \" m\""}, DurationRejected{"1H", "unknown unit \"H\""},
        DurationRejected{"abc", "expected a number at \"abc\""},
        DurationRejected{"1hx", "unknown unit \"hx\""}, DurationRejected{"1h m", "unknown unit \"h m\""},
        DurationRejected{".s", "a number needs at least one digit"},
        DurationRejected{"+.s", "a number needs at least one digit"},
        DurationRejected{"9223372036854775808ns", "too large (at most 2562047h47m16.854775807s)"},
        DurationRejected{"9223372036854775.808us", "too large (at most 2562047h47m16.854775807s)"},
        DurationRejected{"9223372036854ms775us808ns", "too large (at most 2562047h47m16.854775807s)"},
        DurationRejected{"9223372036s854ms775us808ns", "too large (at most 2562047h47m16.854775807s)"},
        DurationRejected{"3000000h", "too large (at most 2562047h47m16.854775807s)"},
        DurationRejected{"99999999999999999999s", "the number is too large"}));

TEST(DurationNode, PointsAtTheValue) {
  auto documents = parse_yaml_stream("message: hi\nretryAfter:   1d\n", "wc.yaml");
  ASSERT_TRUE(documents.ok());
  auto parsed = parse_go_duration((*documents)[0].node["retryAfter"], "retryAfter", "wc.yaml");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(
      parsed.error().render(),
      "wc.yaml:2:15: invalid duration \"1d\" in \"retryAfter\": unknown unit \"d\"; write e.g. \"10m\", "
      "\"1h30m\" or \"300ms\" (units ns, us, ms, s, m, h)");
}

TEST(DurationNode, RefusesAList) {
  auto documents = parse_yaml_stream("retryAfter: [1m]\n", "wc.yaml");
  ASSERT_TRUE(documents.ok());
  auto parsed = parse_go_duration((*documents)[0].node["retryAfter"], "retryAfter", "wc.yaml");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().render(),
            "wc.yaml:1:13: \"retryAfter\" must be a duration such as \"10m\", found a list");
}

TEST(DurationNode, ReadsAQuotedValue) {
  auto documents = parse_yaml_stream("retryAfter: \"90s\"\n", "wc.yaml");
  ASSERT_TRUE(documents.ok());
  auto parsed = parse_go_duration((*documents)[0].node["retryAfter"], "retryAfter", "wc.yaml");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed->count(), 90 * kSecond);
}

struct Timestamp {
  std::int64_t unix_millis;
  const char* text;
};

class Rfc3339 : public ::testing::TestWithParam<Timestamp> {};

TEST_P(Rfc3339, UtcWholeSeconds) {
  const std::chrono::system_clock::time_point when{std::chrono::milliseconds(GetParam().unix_millis)};
  EXPECT_EQ(format_rfc3339_utc(when), GetParam().text);
}

INSTANTIATE_TEST_SUITE_P(Table, Rfc3339,
                         ::testing::Values(Timestamp{0, "1970-01-01T00:00:00Z"},
                                           Timestamp{1714564800999, "2024-05-01T12:00:00Z"},
                                           Timestamp{1709251199000, "2024-02-29T23:59:59Z"},
                                           Timestamp{1709251200000, "2024-03-01T00:00:00Z"},
                                           Timestamp{-1000, "1969-12-31T23:59:59Z"}));

}  // namespace
}  // namespace ferry::pipeline

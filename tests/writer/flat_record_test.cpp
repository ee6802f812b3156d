// The record file of flat placements (writer/flat_record.h) and the Kratix names it is keyed by (layout.h).
#include "writer/flat_record.h"

#include <gtest/gtest.h>

#include "writer/layout.h"

namespace ferry::writer {
namespace {

TEST(FlatRecord, NoneRecordIsKratixFilesListPlusOwner) {
  const FlatRecord record{
      {"worker-1/fruit.yaml", "worker-1/a b.yaml"}, "request ns/p/r", "p-r-c.w-5058f", false, {}};
  const std::string text = render_record(record);
  EXPECT_EQ(text,
            "files:\n- \"worker-1/fruit.yaml\"\n- \"worker-1/a b.yaml\"\nowner: \"request ns/p/r\"\n"
            "workPlacement: \"p-r-c.w-5058f\"\n");
  auto parsed = parse_record(text, "r.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  EXPECT_EQ(*parsed, record);
}

TEST(FlatRecord, ContentWithQuotesNewlinesAndControlBytesRoundTrips) {
  const std::string content =
      "a: \"b\"\n\tc\\d\r\x01\x7f"
      "\xc3\xa9";
  const FlatRecord record{{}, "o", "w", true, {{"x.yaml", content}, {"y.yaml", ""}}};
  const std::string text = render_record(record);
  EXPECT_EQ(text,
            "owner: \"o\"\nworkPlacement: \"w\"\nworkloads:\n- filepath: \"x.yaml\"\n"
            "  content: \"a: \\\"b\\\"\\n\\tc\\\\d\\r\\x01\\x7f\xc3\xa9\"\n- filepath: \"y.yaml\"\n  "
            "content: \"\"\n");
  auto parsed = parse_record(text, "r.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  EXPECT_EQ(*parsed, record);
}

TEST(FlatRecord, ReadsKratixOwnPlainRecords) {
  auto parsed = parse_record("files:\n- worker-1/fruit.yaml\n- worker-1/file2.yaml\n", "r.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  EXPECT_EQ(parsed->files, (std::vector<std::string>{"worker-1/fruit.yaml", "worker-1/file2.yaml"}));
  EXPECT_EQ(parsed->owner, "");
}

TEST(FlatRecord, BadLineIsNamed) {
  auto parsed = parse_record("files:\n- \"a\"\nsomething: else\n", "d/.kratix/r.yaml");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().render(),
            "cannot read record d/.kratix/r.yaml line 3: unexpected \"something: else\"; restore or delete "
            "the file");
}

TEST(KratixNames, WorkNamesAreCutAndTrimmedAsKratixDoes) {
  EXPECT_EQ(resource_work_name("redis", "cache", "instance-configure"), "redis-cache-instance-configure");
  EXPECT_EQ(promise_work_name("redis", "promise-configure"), "redis-promise-configure");
  EXPECT_EQ(promise_work_name("redis", ""), "redis-static-deps");
  const std::string long_pipeline(60, 'p');
  EXPECT_EQ(resource_work_name("r", "c", long_pipeline), "r-c-" + std::string(52, 'p'));
  // Cut at 56 leaves a trailing '-', which goes.
  EXPECT_EQ(resource_work_name(std::string(55, 'a'), "b", "c"), std::string(55, 'a'));
  EXPECT_EQ(work_placement_name("redis-cache-configure", "worker-1", "5058f1af8388633f609cadb75a75dc9d"),
            "redis-cache-configure.worker-1-5058f");
  EXPECT_EQ(placement_record_name("team-a", "redis-cache-configure.worker-1-5058f"),
            "team-a-redis-cache-configure.worker-1-5058f");
}

struct PathCase {
  const char* name;
  FlatDestination destination;
  std::string records, record, file, aggregate, entry;
};

TEST(FlatPaths, AreBuiltFromStoreAndDestinationPaths) {
  const std::vector<PathCase> table = {
      {"Nested",
       {FilepathMode::none, "state", "worker-1", ""},
       "state/worker-1/.kratix",
       "state/worker-1/.kratix/ns-wp.yaml",
       "state/worker-1/sub/f.yaml",
       "state/worker-1/aggregated.yaml",
       "worker-1/sub/f.yaml"},
      {"StoreRootDestination",
       {FilepathMode::aggregated_yaml, "", ".", "all.yaml"},
       ".kratix",
       ".kratix/ns-wp.yaml",
       "sub/f.yaml",
       "all.yaml",
       "sub/f.yaml"},
      {"SlashesNormalised",
       {FilepathMode::none, "/state/", "/w/", "x.yaml"},
       "state/w/.kratix",
       "state/w/.kratix/ns-wp.yaml",
       "state/w/sub/f.yaml",
       "state/w/x.yaml",
       "w/sub/f.yaml"},
  };
  for (const PathCase& c : table) {
    EXPECT_EQ(records_dir(c.destination), c.records) << c.name;
    EXPECT_EQ(record_path(c.destination, "ns-wp"), c.record) << c.name;
    EXPECT_EQ(flat_file_path(c.destination, "sub/f.yaml"), c.file) << c.name;
    EXPECT_EQ(aggregate_path(c.destination), c.aggregate) << c.name;
    EXPECT_EQ(record_entry(c.destination, "sub/f.yaml"), c.entry) << c.name;
    EXPECT_EQ(record_entry_path(c.destination, c.entry), c.file) << c.name;
  }
}

}  // namespace
}  // namespace ferry::writer

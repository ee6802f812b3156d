// The quiet-run memo's delta (run/quiet_run_delta.h): entries spliced into the report, the delta read back
// onto the memo it was written for (its entries beside the report, QuietRunMemo::changed) and onto no other,
// and the whole memo's write, with those entries spliced in, removing it.
#include "run/quiet_run_delta.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;

// A memo of three requests whose entries are "<a>", "<bb>", "<ccc>" between a head and a tail.
QuietRunMemo three_entries() {
  QuietRunMemo memo;
  memo.invocation = "invocation";
  memo.output = std::string("head\n<a><bb><ccc>tail\n");
  for (const auto& [name, at, size] : {std::tuple{"a", 5, 3}, {"b", 8, 4}, {"c", 12, 5}})
    memo.kept.requests.push_back({"redis",
                                  "redis",
                                  "default",
                                  name,
                                  std::string("md5-") + name,
                                  {static_cast<std::size_t>(at), static_cast<std::size_t>(size)}});
  memo.kept.files.push_back({"requests.yaml", 0, 3});
  memo.files.files.push_back({"/p/requests.yaml", {10, 1, 2, 3, 4}, "file-md5"});
  memo.state_tip = "tip-1";
  return memo;
}

std::string entry(const QuietRunMemo& memo, std::size_t i) {
  const TextSpan& span = memo.kept.requests[i].text;
  return std::string(memo.output.text().substr(span.at, span.size));
}

TEST(QuietRunDeltaTest, SplicedEntriesMoveTheOnesAfterThem) {
  QuietRunMemo memo = three_entries();
  splice_entries(memo.output.own(), memo.kept, {{0, "<longer a>"}, {1, "<>"}});
  EXPECT_EQ(memo.output.text(), "head\n<longer a><><ccc>tail\n");
  EXPECT_EQ(entry(memo, 0), "<longer a>");
  EXPECT_EQ(entry(memo, 1), "<>");
  EXPECT_EQ(entry(memo, 2), "<ccc>");
}

// Spliced in place, entries growing and shrinking in any mix: the same report and spans as the report
// rebuilt from its pieces, over random memos and changes.
TEST(QuietRunDeltaTest, SplicingInPlaceGivesTheReportRebuiltFromItsPieces) {
  std::mt19937 random(25);
  for (int round = 0; round < 500; ++round) {
    const std::size_t count = 1 + random() % 12;
    std::vector<std::string> gaps, texts;  // gaps[i] before entry i, gaps[count] the tail
    for (std::size_t i = 0; i <= count; ++i) gaps.push_back(std::string(random() % 6, 'g'));
    for (std::size_t i = 0; i < count; ++i) texts.push_back(std::string(random() % 40, char('a' + i)));
    QuietRunMemo memo;
    std::string& output = memo.output.own();
    for (std::size_t i = 0; i < count; ++i) {
      output += gaps[i];
      memo.kept.requests.push_back(
          {"k", "p", "ns", "r" + std::to_string(i), "md5", {output.size(), texts[i].size()}});
      output += texts[i];
    }
    output += gaps[count];
    std::map<std::size_t, std::string> entries;
    for (std::size_t i = 0; i < count; ++i) {
      if (random() % 2 == 0) continue;
      entries[i] = std::string(random() % 60, char('A' + i));
      texts[i] = entries[i];
    }
    splice_entries(output, memo.kept, entries);
    std::string rebuilt;
    for (std::size_t i = 0; i < count; ++i) {
      rebuilt += gaps[i];
      EXPECT_EQ(memo.kept.requests[i].text, (TextSpan{rebuilt.size(), texts[i].size()})) << round << " " << i;
      rebuilt += texts[i];
    }
    rebuilt += gaps[count];
    ASSERT_EQ(memo.output.text(), rebuilt) << round;
  }
}

TEST(QuietRunDeltaTest, ADeltaReadsBackOntoItsMemoOnly) {
  TempDir dir;
  const fs::path path = quiet_run_delta_path(dir.path() / "memo");
  EXPECT_EQ(path, dir.path() / "memo-delta");
  QuietRunMemo base = three_entries();
  base.digest = "digest-of-the-memo-file";
  QuietRunMemo next = base;
  next.state_tip = "tip-2";
  next.files.files[0].digest = "new-file-md5";
  next.kept.requests[2].chunk_digest = "md5-c2";
  next.changed[2] = "<c2>";
  ASSERT_TRUE(write_quiet_run_delta(path, next).ok());

  QuietRunMemo read = base;
  ASSERT_TRUE(apply_quiet_run_delta(path, read));
  EXPECT_EQ(read.output, base.output);  // the memo file's report; the changed entries beside it
  EXPECT_EQ(read.changed, next.changed);
  EXPECT_EQ(read.kept, next.kept);
  EXPECT_EQ(read.state_tip, "tip-2");
  EXPECT_EQ(read.files.files[0].digest, "new-file-md5");
  EXPECT_EQ(kept_entry(read, 1), "<bb>");
  EXPECT_EQ(kept_entry(read, 2), "<c2>");
  splice_changed_entries(read);
  EXPECT_EQ(read.output.text(), "head\n<a><bb><c2>tail\n");
  EXPECT_EQ(entry(read, 2), "<c2>");
  EXPECT_TRUE(read.changed.empty());

  QuietRunMemo other = three_entries();
  other.digest = "another-memo-file";
  EXPECT_FALSE(apply_quiet_run_delta(path, other));
  EXPECT_EQ(other.state_tip, "tip-1");
  EXPECT_EQ(other.output, three_entries().output);
  EXPECT_TRUE(other.changed.empty());
}

TEST(QuietRunDeltaTest, TheWholeMemosWriteRemovesItsDelta) {
  TempDir dir;
  const fs::path memo_path = dir.path() / "state.git.quiet-run";
  ASSERT_TRUE(write_quiet_run_memo(memo_path, three_entries()).ok());
  std::optional<QuietRunMemo> read = read_quiet_run_memo(memo_path);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->digest.size(), 64u);
  QuietRunMemo next = *read;
  next.changed[1] = "<b2>";
  next.state_tip = "tip-2";
  ASSERT_TRUE(write_quiet_run_delta(quiet_run_delta_path(memo_path), next).ok());
  read = read_quiet_run_memo(memo_path);
  ASSERT_TRUE(read);
  EXPECT_EQ(kept_entry(*read, 1), "<b2>");
  EXPECT_EQ(read->state_tip, "tip-2");
  splice_changed_entries(*read);  // as QuietRun::finish_narrow before the whole memo's write
  EXPECT_EQ(read->output.text(), "head\n<a><b2><ccc>tail\n");
  ASSERT_TRUE(write_quiet_run_memo(memo_path, *read).ok());
  EXPECT_FALSE(fs::exists(quiet_run_delta_path(memo_path)));
  read = read_quiet_run_memo(memo_path);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->output.text(), "head\n<a><b2><ccc>tail\n");
  EXPECT_TRUE(read->changed.empty());
}

}  // namespace
}  // namespace ferry::runner

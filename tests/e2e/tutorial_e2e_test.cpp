// End to end: docs/tutorial.md run as written, so that it cannot rot. Every ```sh block runs in order with
// bash (-e: a failing command fails the test), in one empty directory where a `cd` carries over to the next
// block, with this build's ferry first on PATH; each ```text block is compared with what the ```sh block
// before it printed (stdout and stderr together, as a user sees them). In an expected line, "..." stands for
// any text (commit ids, times); a line that is only "..." stands for any number of lines.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::shell_quote;
using ferry::testing::TempDir;
using ferry::testing::write_file;

struct TutorialStep {
  std::string commands;
  std::optional<std::string> expected;  // the ```text block after it, if any
  int line = 0;                         // of its opening fence, for messages
};

std::vector<TutorialStep> tutorial_steps(const std::string& markdown) {
  std::vector<TutorialStep> steps;
  std::istringstream in(markdown);
  std::string line, fence, block;
  int number = 0, opened = 0;
  while (std::getline(in, line)) {
    ++number;
    if (fence.empty() && line.starts_with("```")) {
      fence = line.substr(3);
      block.clear();
      opened = number;
    } else if (!fence.empty() && line == "```") {
      if (fence == "sh") steps.push_back({block, std::nullopt, opened});
      if (fence == "text" && !steps.empty() && !steps.back().expected) steps.back().expected = block;
      fence.clear();
    } else if (!fence.empty()) {
      block += line + "\n";
    }
  }
  return steps;
}

std::vector<std::string> tutorial_lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Whether `actual` is `expected` with each "..." standing for any text.
bool tutorial_line_matches(const std::string& expected, const std::string& actual) {
  const auto dots = expected.find("...");
  if (dots == std::string::npos) return expected == actual;
  const std::string head = expected.substr(0, dots), rest = expected.substr(dots + 3);
  if (!actual.starts_with(head)) return false;
  for (std::size_t at = head.size(); at <= actual.size(); ++at) {
    if (tutorial_line_matches(rest, actual.substr(at))) return true;
  }
  return false;
}

// Whether the lines match from `e` and `a` on; a line "..." takes any number of lines.
bool tutorial_lines_match(const std::vector<std::string>& expected, std::size_t e,
                          const std::vector<std::string>& actual, std::size_t a) {
  if (e == expected.size()) return a == actual.size();
  if (expected[e] == "...") {
    for (std::size_t skip = a; skip <= actual.size(); ++skip) {
      if (tutorial_lines_match(expected, e + 1, actual, skip)) return true;
    }
    return false;
  }
  return a < actual.size() && tutorial_line_matches(expected[e], actual[a]) &&
         tutorial_lines_match(expected, e + 1, actual, a + 1);
}

TEST(TutorialE2E, EveryCommandRunsAsWrittenAndPrintsWhatThePageShows) {
  const std::string markdown = read_file(fs::path(FERRY_SOURCE_DIR) / "docs/tutorial.md");
  const std::vector<TutorialStep> steps = tutorial_steps(markdown);
  ASSERT_GT(steps.size(), 5u);
  TempDir dir;
  fs::create_directories(dir.path() / "work");
  const fs::path cwd_file = dir.path() / "cwd", script = dir.path() / "step.sh";
  write_file(cwd_file, (dir.path() / "work").string());
  const std::string environment =
      "PATH=" + shell_quote(fs::path(ferry::testing::ferry_binary()).parent_path().string()) +
      ":\"$PATH\" HOME=" + shell_quote(dir.path().string()) +
      " XDG_CACHE_HOME=" + shell_quote((dir.path() / "cache").string());
  for (const TutorialStep& step : steps) {
    write_file(script, "set -eu\ncd " + shell_quote(read_file(cwd_file)) + "\n" + step.commands +
                           "pwd | tr -d '\\n' > " + shell_quote(cwd_file.string()) + "\n");
    const auto result = run(environment + " bash " + shell_quote(script.string()) + " </dev/null");
    ASSERT_EQ(result.exit_code, 0) << "docs/tutorial.md:" << step.line << ":\n"
                                   << step.commands << result.output;
    if (!step.expected) continue;
    EXPECT_TRUE(
        tutorial_lines_match(tutorial_lines_of(*step.expected), 0, tutorial_lines_of(result.output), 0))
        << "docs/tutorial.md:" << step.line << ":\n"
        << step.commands << "printed:\n"
        << result.output << "the page shows:\n"
        << *step.expected;
  }
}

TEST(TutorialE2E, ExpectedLinesMatchWithDotsForChangingText) {
  EXPECT_TRUE(tutorial_lines_match({"a ... c", "..."}, 0, {"a b c", "x", "y"}, 0));
  EXPECT_TRUE(tutorial_lines_match({"..."}, 0, {}, 0));
  EXPECT_FALSE(tutorial_lines_match({"a ... c"}, 0, {"a b d"}, 0));
  EXPECT_FALSE(tutorial_lines_match({"a"}, 0, {"a", "b"}, 0));
}

}  // namespace
}  // namespace ferry

// Injection strings through every escaper of core/untrusted_text.h, and secret values masked by each.
#include "core/untrusted_text.h"

#include <gtest/gtest.h>

#include "core/secret_values.h"

namespace ferry {
namespace {

// A Destination path a hostile platform could declare: a newline, then a workflow command.
const std::string kInjection = "dev\n::error file=x::pwned\r\x1B[31m";

class UntrustedText : public ::testing::Test {
 protected:
  void TearDown() override { forget_secret_values(); }
};

TEST_F(UntrustedText, ALineKeepsNoControlCharacterAndStartsNoWorkflowCommand) {
  EXPECT_EQ(untrusted_line(kInjection), "dev\\x0A::error file=x::pwned\\x0D\\x1B[31m");
  EXPECT_EQ(untrusted_line("::error::x"), "\\x3A:error::x");
  EXPECT_EQ(untrusted_line("  ::warning::x"), "  \\x3A:warning::x");
  EXPECT_EQ(untrusted_line("a::b"), "a::b");
  EXPECT_EQ(untrusted_line(std::string("nul\0del\x7F", 8)), "nul\\x00del\\x7F");
  EXPECT_EQ(untrusted_line("é ok"), "é ok");
}

TEST_F(UntrustedText, LinesKeepTheirBreaksButNoneCanStartAWorkflowCommand) {
  EXPECT_EQ(untrusted_lines(kInjection), "dev\n\\x3A:error file=x::pwned\\x0D\\x1B[31m");
  EXPECT_EQ(untrusted_lines("it broke\n\t::add-mask::x\n"), "it broke\n\\x09\\x3A:add-mask::x\n");
  EXPECT_EQ(untrusted_lines("a\n\nb"), "a\n\nb");
}

TEST_F(UntrustedText, GitHubCommandsGetGitHubsEscapes) {
  EXPECT_EQ(github_command_data(kInjection), "dev%0A::error file=x::pwned%0D\\x1B[31m");
  EXPECT_EQ(github_command_data("50% sure"), "50%25 sure");
  EXPECT_EQ(github_command_property("dir/a,b.yaml\n::x"), "dir/a%2Cb.yaml%0A%3A%3Ax");
}

TEST_F(UntrustedText, MarkdownCannotOpenARowALinkOrATag) {
  EXPECT_EQ(markdown_text("a | b\n| x | y |"), "a \\| b<br>\\| x \\| y \\|");
  EXPECT_EQ(markdown_text("<img src=x onerror=alert(1)>"), "&lt;img src=x onerror=alert(1)&gt;");
  EXPECT_EQ(markdown_text("![x](http://e/) [y](http://e/) `c` *e* _u_ ~s~ &amp;"),
            "\\!\\[x\\](http://e/) \\[y\\](http://e/) \\`c\\` \\*e\\* \\_u\\_ \\~s\\~ &amp;amp;");
  EXPECT_EQ(markdown_text("team-a/cache.v2 #1"), "team-a/cache.v2 #1");
  EXPECT_EQ(markdown_text("\x1B[31m"), "\\x1B\\[31m");
}

TEST_F(UntrustedText, MermaidLabelsCannotCloseTheirQuotesOrTheFence) {
  EXPECT_EQ(mermaid_text("a\"]\n```\n<b>#"), "a#34;]\\x0A#96;#96;#96;\\x0A#60;b#62;#35;");
}

TEST_F(UntrustedText, AFenceIsLongerThanAnyRunOfBackticksInItsContent) {
  EXPECT_EQ(code_fence_for("+x\n"), "```");
  EXPECT_EQ(code_fence_for("+```\n+````x"), "`````");
}

TEST_F(UntrustedText, PrometheusLabelValuesEscapeBackslashQuoteAndNewline) {
  EXPECT_EQ(prometheus_label_value("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
  EXPECT_EQ(prometheus_label_value("\"} 1\nferry_fake 2"), "\\\"} 1\\nferry_fake 2");
}

TEST_F(UntrustedText, EveryEscaperMasksTheRunsSecretValues) {
  remember_secret_value("hunter22\n");
  const std::string text = "pw=hunter22\n";
  EXPECT_EQ(untrusted_line(text), "pw=***");
  EXPECT_EQ(untrusted_lines(text), "pw=***");
  EXPECT_EQ(github_command_data(text), "pw=***");
  EXPECT_EQ(github_command_property(text), "pw=***");
  EXPECT_EQ(markdown_text(text), "pw=\\*\\*\\*");  // renders as ***
  EXPECT_EQ(mermaid_text(text), "pw=***");
  EXPECT_EQ(prometheus_label_value(text), "pw=***");
  EXPECT_EQ(untrusted_line("hunter22 trimmed"), "*** trimmed");
}

}  // namespace
}  // namespace ferry

// The one place where text that came from outside ferry (names, paths, selectors, messages from
// workflow-control.yaml and status.yaml, container output, file paths in bundles, errors quoting input) is
// made safe for each output. Every function first masks the run's secret values (core/secret_values.h),
// then escapes for its output:
// - text reports and logs: control characters as \xNN, and a line whose first non-blank characters are
//   "::" has its first ':' as \x3A, so that GitHub Actions (which reads every line of a step's output,
//   leading blanks trimmed, as a possible workflow command) never runs a command ferry did not write;
// - GitHub workflow commands: GitHub's own escapes (% CR LF; ':' and ',' in properties), plus \xNN for the
//   other control characters;
// - the job summary's Markdown: HTML and Markdown punctuation escaped, so that a name cannot open a table
//   row, a link, a fence or an HTML tag; mermaid labels with entity codes;
// - Prometheus label values: backslash, double quote and newline escaped as the text format requires.
// JSON output is escaped by the JSON library (control characters as \u00XX, invalid UTF-8 replaced).
#pragma once

#include <string>
#include <string_view>

namespace ferry {

// One line of untrusted text for a text report or log: no control character survives (LF too).
std::string untrusted_line(std::string_view text);

// Untrusted text that may span lines (a message, container output): LF kept, every other control
// character as \xNN, and no line can start a workflow command.
std::string untrusted_lines(std::string_view text);

// A GitHub workflow command's message (after "::"): % CR LF as %25 %0D %0A.
std::string github_command_data(std::string_view text);
// A GitHub workflow command's property value (file=, title=): also ':' and ',' as %3A and %2C.
std::string github_command_property(std::string_view text);

// Markdown text inside a line (a table cell, a list item, a heading), never at a line's start: the
// punctuation that opens a cell, link, image, code span or emphasis (\ ` * _ [ ] ! | ~) backslash-escaped,
// '<', '>' and '&' as HTML entities, LF as <br>, other control characters as \xNN.
std::string markdown_text(std::string_view text);

// A mermaid node label's text, to go between double quotes: '"', '#', '`', '<', '>' as mermaid entity
// codes (#34; ...), control characters as \xNN.
std::string mermaid_text(std::string_view text);

// A fence of backticks longer than any run of backticks in `content` (at least three), so that the content
// cannot close the code block it is shown in.
std::string code_fence_for(std::string_view content);

// A Prometheus label value (between double quotes): \ " LF as \\ \" \n.
std::string prometheus_label_value(std::string_view text);

}  // namespace ferry

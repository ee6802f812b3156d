#include "core/untrusted_text.h"

#include <algorithm>
#include <cstdio>

#include "core/secret_values.h"

namespace ferry {
namespace {

bool is_control(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7F;
}

std::string hex_escape(char c) {
  char escaped[8];
  std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned char>(c));
  return escaped;
}

std::string hex_percent(char c) {
  char escaped[8];
  std::snprintf(escaped, sizeof escaped, "%%%02X", static_cast<unsigned char>(c));
  return escaped;
}

// Appends one line (no LF in it), controls as \xNN, a leading "::" (after blanks) broken as \x3A:.
void append_line(std::string& out, std::string_view line) {
  const auto first = line.find_first_not_of(" \t");
  const bool command_like = first != std::string_view::npos && line.substr(first).starts_with("::");
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (command_like && i == first)
      out += "\\x3A";
    else if (is_control(line[i]))
      out += hex_escape(line[i]);
    else
      out += line[i];
  }
}

}  // namespace

std::string untrusted_line(std::string_view text) {
  std::string out;
  append_line(out, masked_secrets(text));
  return out;
}

std::string untrusted_lines(std::string_view text) {
  const std::string plain = masked_secrets(text);
  std::string out;
  std::string_view rest = plain;
  for (;;) {
    const auto end = rest.find('\n');
    append_line(out, rest.substr(0, end));
    if (end == std::string_view::npos) return out;
    out += '\n';
    rest.remove_prefix(end + 1);
  }
}

std::string github_command_data(std::string_view text) {
  std::string out;
  for (const char c : masked_secrets(text)) {
    if (c == '%' || c == '\r' || c == '\n')
      out += hex_percent(c);
    else if (is_control(c))
      out += hex_escape(c);
    else
      out += c;
  }
  return out;
}

std::string github_command_property(std::string_view text) {
  std::string out;
  for (const char c : github_command_data(text))
    out += (c == ':' || c == ',') ? hex_percent(c) : std::string(1, c);
  return out;
}

std::string markdown_text(std::string_view text) {
  // What can open a link, an image, code, emphasis or a new cell inside a line; the text never starts a
  // line (a cell follows "| ", an item "- "), so list and heading markers need no escape.
  static constexpr std::string_view kPunctuation = "\\`*_[]!|~";
  std::string out;
  for (const char c : masked_secrets(text)) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '\n')
      out += "<br>";
    else if (is_control(c))
      out += hex_escape(c);
    else if (kPunctuation.find(c) != std::string_view::npos)
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out;
}

std::string mermaid_text(std::string_view text) {
  std::string out;
  for (const char c : masked_secrets(text)) {
    if (c == '"' || c == '#' || c == '`' || c == '<' || c == '>')
      out += "#" + std::to_string(static_cast<int>(c)) + ";";
    else if (is_control(c))
      out += hex_escape(c);
    else
      out += c;
  }
  return out;
}

std::string code_fence_for(std::string_view content) {
  std::size_t longest = 0;
  std::size_t run = 0;
  for (const char c : content) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(std::max<std::size_t>(3, longest + 1), '`');
}

std::string prometheus_label_value(std::string_view text) {
  std::string out;
  for (const char c : masked_secrets(text)) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

}  // namespace ferry

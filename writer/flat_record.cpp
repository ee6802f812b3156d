#include "writer/flat_record.h"

#include <cstdio>
#include <optional>
#include <sstream>

namespace ferry::writer {
namespace {

std::string quote(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", byte);
      out += hex;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A double-quoted scalar filling the rest of `text`, or a plain one (no quotes, taken as it is).
std::optional<std::string> unquote(const std::string& text) {
  if (text.empty() || text.front() != '"') return text.empty() ? std::nullopt : std::optional(text);
  std::string out;
  for (std::size_t i = 1; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') return i + 1 == text.size() ? std::optional(out) : std::nullopt;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i == text.size()) return std::nullopt;
    switch (text[i]) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case '\\':
        out += '\\';
        break;
      case '"':
        out += '"';
        break;
      case 'x': {
        if (i + 2 >= text.size() || hex_value(text[i + 1]) < 0 || hex_value(text[i + 2]) < 0)
          return std::nullopt;
        out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
        i += 2;
        break;
      }
      default:
        return std::nullopt;
    }
  }
  return std::nullopt;  // no closing quote
}

// The value after `prefix` on `line`, unquoted; nullopt when the line does not start so or is malformed.
std::optional<std::string> value_after(const std::string& line, const std::string& prefix) {
  if (!line.starts_with(prefix)) return std::nullopt;
  return unquote(line.substr(prefix.size()));
}

}  // namespace

std::string render_record(const FlatRecord& record) {
  std::string out;
  if (!record.aggregated) {
    out += record.files.empty() ? "files: []\n" : "files:\n";
    for (const std::string& file : record.files) out += "- " + quote(file) + "\n";
  }
  out += "owner: " + quote(record.owner) + "\n";
  out += "workPlacement: " + quote(record.work_placement) + "\n";
  if (record.aggregated) {
    out += record.workloads.empty() ? "workloads: []\n" : "workloads:\n";
    for (const auto& [file, content] : record.workloads) {
      out += "- filepath: " + quote(file) + "\n  content: " + quote(content) + "\n";
    }
  }
  return out;
}

Result<FlatRecord> parse_record(const std::string& text, const std::string& path) {
  FlatRecord record;
  std::istringstream lines(text);
  std::string section;
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    auto fail = [&](const std::string& why) {
      return make_error("cannot read record " + path + " line " + std::to_string(number) + ": " + why +
                        "; restore or delete the file");
    };
    if (line.empty() || line.starts_with("#")) continue;
    if (line == "files:" || line == "files: []" || line == "workloads:" || line == "workloads: []") {
      section = line.substr(0, line.find(':'));
      record.aggregated = record.aggregated || section == "workloads";
    } else if (auto owner = value_after(line, "owner: ")) {
      record.owner = *owner;
    } else if (auto wp = value_after(line, "workPlacement: ")) {
      record.work_placement = *wp;
    } else if (auto file = value_after(line, "- "); file && section == "files") {
      record.files.push_back(*file);
    } else if (auto workload = value_after(line, "- filepath: "); workload && section == "workloads") {
      record.workloads.emplace_back(*workload, "");
    } else if (auto content = value_after(line, "  content: ");
               content && section == "workloads" && !record.workloads.empty()) {
      record.workloads.back().second = *content;
    } else {
      return fail("unexpected \"" + line.substr(0, 40) + "\"");
    }
  }
  return record;
}

}  // namespace ferry::writer

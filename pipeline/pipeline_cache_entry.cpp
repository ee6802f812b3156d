// The text of one pipeline cache entry: a header naming the key, each file length-prefixed (paths and
// contents may hold any byte), and a SHA-256 of everything before it, so truncation or damage is noticed.
//   ferry-pipeline-cache 1\nkey <key>\nfiles <n>\n
//   <area> <path bytes> <content bytes>\n<path><content>      (n times)
//   sha256 <hex>\n
#include "pipeline/pipeline_cache_entry.h"

#include <charconv>
#include <string_view>

#include "core/sha256.h"

namespace ferry::pipeline {
namespace {

constexpr std::string_view kMagic = "ferry-pipeline-cache 1\n";

// Reads text up to the next '\n' from `rest`, consuming it; nullopt at the end.
std::optional<std::string_view> next_line(std::string_view& rest) {
  const auto newline = rest.find('\n');
  if (newline == std::string_view::npos) return std::nullopt;
  const std::string_view line = rest.substr(0, newline);
  rest.remove_prefix(newline + 1);
  return line;
}

std::optional<std::size_t> number(std::string_view text) {
  std::size_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// "<area> <path bytes> <content bytes>" followed by the path and content.
std::optional<ProducedFile> next_file(std::string_view& rest) {
  auto header = next_line(rest);
  if (!header) return std::nullopt;
  const auto first = header->find(' ');
  const auto second = header->find(' ', first == std::string_view::npos ? first : first + 1);
  if (second == std::string_view::npos) return std::nullopt;
  const std::string_view area = header->substr(0, first);
  const auto path_size = number(header->substr(first + 1, second - first - 1));
  const auto content_size = number(header->substr(second + 1));
  if ((area != "output" && area != "metadata") || !path_size || !content_size) return std::nullopt;
  if (rest.size() < *path_size || rest.size() - *path_size < *content_size) return std::nullopt;
  ProducedFile file{std::string(area), std::string(rest.substr(0, *path_size)),
                    std::string(rest.substr(*path_size, *content_size))};
  rest.remove_prefix(*path_size + *content_size);
  return file;
}

}  // namespace

std::string format_cache_entry(const std::string& key, const std::vector<ProducedFile>& files) {
  std::string text(kMagic);
  text += "key " + key + "\nfiles " + std::to_string(files.size()) + "\n";
  for (const ProducedFile& file : files) {
    text += file.area + " " + std::to_string(file.path.size()) + " " + std::to_string(file.content.size()) +
            "\n" + file.path + file.content;
  }
  return text + "sha256 " + sha256_hex(text) + "\n";
}

std::optional<std::vector<ProducedFile>> parse_cache_entry(const std::string& text, const std::string& key) {
  const auto trailer = text.rfind("sha256 ");
  if (trailer == std::string::npos ||
      text.substr(trailer) != "sha256 " + sha256_hex(text.substr(0, trailer)) + "\n") {
    return std::nullopt;
  }
  std::string_view rest = std::string_view(text).substr(0, trailer);
  if (!rest.starts_with(kMagic)) return std::nullopt;
  rest.remove_prefix(kMagic.size());
  if (next_line(rest) != "key " + key) return std::nullopt;
  auto count_line = next_line(rest);
  if (!count_line || !count_line->starts_with("files ")) return std::nullopt;
  const auto count = number(count_line->substr(6));
  if (!count) return std::nullopt;
  std::vector<ProducedFile> files;
  for (std::size_t i = 0; i < *count; ++i) {
    auto file = next_file(rest);
    if (!file) return std::nullopt;
    files.push_back(std::move(*file));
  }
  if (!rest.empty()) return std::nullopt;
  return files;
}

}  // namespace ferry::pipeline

#include "tests/fuzz/fuzz_mutator.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace ferry::fuzz {
namespace {

// Bytes YAML and the constraint languages give meaning to, tried more often than random ones.
constexpr char kSpecialBytesText[] = "\n\t :-,[]{}#&*!|>'\"%@`?()=<>0123456789.~\\\x00\xff";
constexpr std::string_view kSpecialBytes(kSpecialBytesText, sizeof kSpecialBytesText - 1);  // keeps the NUL

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The quoted part of a dictionary line, unescaped; empty when the line has none.
std::string unquote(const std::string& line) {
  const auto open = line.find('"');
  const auto close = line.rfind('"');
  if (open == std::string::npos || close <= open) return {};
  std::string token;
  for (std::size_t i = open + 1; i < close; ++i) {
    if (line[i] != '\\' || i + 1 >= close) {
      token += line[i];
    } else if (line[i + 1] == 'x' && i + 3 < close && hex_value(line[i + 2]) >= 0 &&
               hex_value(line[i + 3]) >= 0) {
      token += static_cast<char>(hex_value(line[i + 2]) * 16 + hex_value(line[i + 3]));
      i += 3;
    } else {
      token += line[++i];
    }
  }
  return token;
}

}  // namespace

std::vector<std::string> read_dictionary(const std::string& text) {
  std::vector<std::string> tokens;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    if (std::string token = unquote(line); !token.empty()) tokens.push_back(std::move(token));
  }
  return tokens;
}

Mutator::Mutator(std::uint64_t seed, std::vector<std::string> corpus, std::vector<std::string> dictionary,
                 std::size_t max_length)
    : random_(seed), corpus_(std::move(corpus)), dictionary_(std::move(dictionary)), max_length_(max_length) {
  if (corpus_.empty()) corpus_.push_back("");
}

std::string Mutator::next() {
  const bool from_recent = !recent_.empty() && random_() % 4 == 0;
  std::string data = from_recent ? recent_[random_() % recent_.size()] : corpus_[random_() % corpus_.size()];
  const int mutations = 1 + static_cast<int>(random_() % 6);
  for (int i = 0; i < mutations; ++i) mutate_once(data);
  if (data.size() > max_length_) data.resize(max_length_);
  constexpr std::size_t kRecent = 64;
  if (recent_.size() < kRecent) {
    recent_.push_back(data);
  } else {
    recent_[random_() % kRecent] = data;
  }
  return data;
}

void Mutator::mutate_once(std::string& data) {
  using Mutation = void (Mutator::*)(std::string&);
  static constexpr std::array<Mutation, 8> kMutations = {
      &Mutator::flip_bit,     &Mutator::insert_bytes, &Mutator::erase_range,     &Mutator::insert_token,
      &Mutator::insert_token, &Mutator::splice,       &Mutator::duplicate_range, &Mutator::swap_lines};
  (this->*kMutations[random_() % kMutations.size()])(data);
}

std::size_t Mutator::position(const std::string& data, bool at_end_allowed) {
  const std::size_t choices = data.size() + (at_end_allowed ? 1 : 0);
  return choices == 0 ? 0 : random_() % choices;
}

void Mutator::flip_bit(std::string& data) {
  if (data.empty()) return insert_bytes(data);
  const std::size_t at = position(data, false);
  if (random_() % 2 == 0) {
    data[at] = static_cast<char>(data[at] ^ (1 << (random_() % 8)));
  } else {
    data[at] = kSpecialBytes[random_() % kSpecialBytes.size()];
  }
}

void Mutator::insert_bytes(std::string& data) {
  const std::size_t count = 1 + random_() % 4;
  std::string bytes;
  for (std::size_t i = 0; i < count; ++i) {
    bytes += random_() % 2 == 0 ? kSpecialBytes[random_() % kSpecialBytes.size()]
                                : static_cast<char>(random_() % 256);
  }
  data.insert(position(data, true), bytes);
}

void Mutator::erase_range(std::string& data) {
  if (data.empty()) return;
  const std::size_t at = position(data, false);
  data.erase(at, 1 + random_() % std::min<std::size_t>(data.size() - at, 32));
}

void Mutator::insert_token(std::string& data) {
  if (dictionary_.empty()) return insert_bytes(data);
  const std::string& token = dictionary_[random_() % dictionary_.size()];
  const std::size_t at = position(data, true);
  if (random_() % 3 == 0 && at < data.size()) {
    data.replace(at, std::min(token.size(), data.size() - at), token);
  } else {
    data.insert(at, token);
  }
}

void Mutator::splice(std::string& data) {
  const std::string& other = corpus_[random_() % corpus_.size()];
  if (other.empty()) return;
  const std::size_t from = random_() % other.size();
  const std::size_t length = 1 + random_() % (other.size() - from);
  data.insert(position(data, true), other, from, length);
}

// Repeats a piece in place: grows nesting ("[[[") and long runs that single-byte changes never reach.
void Mutator::duplicate_range(std::string& data) {
  if (data.empty()) return;
  const std::size_t at = position(data, false);
  const std::size_t length = 1 + random_() % std::min<std::size_t>(data.size() - at, 16);
  const std::string piece = data.substr(at, length);
  const std::size_t times = 1 + random_() % 64;
  std::string repeated;
  for (std::size_t i = 0; i < times && repeated.size() < max_length_; ++i) repeated += piece;
  data.insert(at, repeated);
}

// Moves one line before another: YAML's structure is its lines and their indentation.
void Mutator::swap_lines(std::string& data) {
  std::vector<std::string> lines;
  std::istringstream in(data);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  if (lines.size() < 2) return flip_bit(data);
  std::swap(lines[random_() % lines.size()], lines[random_() % lines.size()]);
  data.clear();
  for (const std::string& line : lines) data += line + "\n";
}

}  // namespace ferry::fuzz

#include "core/secret_values.h"

#include <algorithm>
#include <mutex>

namespace ferry {
namespace {

struct Remembered {
  std::mutex lock;
  std::vector<std::string> values;  // longest first
  std::function<void(const std::string&)> listener;
};

Remembered& remembered() {
  static Remembered instance;
  return instance;
}

std::string_view trimmed(std::string_view value) {
  const auto first = value.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return value.substr(first, value.find_last_not_of(" \t\r\n") - first + 1);
}

bool longer(const std::string& a, const std::string& b) {
  return a.size() > b.size();
}

// Adds one value under the lock; tells the listener about it when it is new.
void add(Remembered& r, std::string_view value) {
  if (value.size() < kMinMaskedLength) return;
  if (std::find(r.values.begin(), r.values.end(), value) != r.values.end()) return;
  const std::string kept(value);
  r.values.insert(std::upper_bound(r.values.begin(), r.values.end(), kept, longer), kept);
  if (r.listener) r.listener(kept);
}

}  // namespace

void remember_secret_value(std::string_view value) {
  Remembered& r = remembered();
  const std::lock_guard guard(r.lock);
  add(r, value);
  add(r, trimmed(value));
}

std::vector<std::string> remembered_secret_values() {
  Remembered& r = remembered();
  const std::lock_guard guard(r.lock);
  return r.values;
}

void on_secret_value(std::function<void(const std::string&)> listener) {
  Remembered& r = remembered();
  const std::lock_guard guard(r.lock);
  r.listener = std::move(listener);
  if (r.listener)
    for (const std::string& value : r.values) r.listener(value);
}

std::string masked(std::string_view text, const std::vector<std::string>& values) {
  std::vector<std::string_view> long_enough;
  for (const std::string& value : values)
    if (value.size() >= kMinMaskedLength) long_enough.push_back(value);
  if (long_enough.empty()) return std::string(text);
  std::sort(long_enough.begin(), long_enough.end(), [](auto a, auto b) { return a.size() > b.size(); });
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto match = std::find_if(long_enough.begin(), long_enough.end(), [&](std::string_view value) {
      return text.substr(i).starts_with(value);
    });
    if (match == long_enough.end()) {
      out += text[i++];
    } else {
      out += "***";
      i += match->size();
    }
  }
  return out;
}

std::string masked_secrets(std::string_view text) {
  return masked(text, remembered_secret_values());
}

void forget_secret_values() {
  Remembered& r = remembered();
  const std::lock_guard guard(r.lock);
  r.values.clear();
  r.listener = nullptr;
}

}  // namespace ferry

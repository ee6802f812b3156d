// Errors are values: every fallible function returns Result<T>. They become output in exactly one place
// (runner/report), which renders them with Error::render().
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace ferry {

// Where a user error is: 1-based line and column in a file. line == 0 means "the whole file".
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;

  std::string render() const;  // "file:line:column", "file" when line is 0
  bool operator==(const SourceLocation&) const = default;
};

struct Error {
  std::string message;
  std::optional<SourceLocation> where;

  // "file:line:column: message" for user errors, the bare message otherwise.
  std::string render() const;
};

inline Error make_error(std::string message) { return Error{std::move(message), std::nullopt}; }
inline Error make_error(SourceLocation where, std::string message) {
  return Error{std::move(message), std::move(where)};
}

// A value or the Error that prevented it. Deliberately tiny: ok(), value(), error(), and operator->.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}  // NOLINT: implicit on purpose, like std::expected
  Result(Error error) : state_(std::move(error)) {}  // NOLINT

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<T>(state_); }
  const T& value() const& { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  const Error& error() const { return std::get<Error>(state_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }

 private:
  std::variant<T, Error> state_;
};

struct Ok {};
using Status = Result<Ok>;
inline Status ok() { return Ok{}; }

}  // namespace ferry

// field_count<T>(): the number of members of an aggregate, counted at compile time. A struct that is
// written out field by field in more than one place (run/run_state.cpp's record JSON and the records
// cache's encoder) states its count in a static_assert beside each writer, so a member added later breaks
// the build there until every writer (and the test that fills every field) keeps it. Header only: a
// template and nothing else.
#pragma once

#include <cstddef>
#include <utility>

namespace ferry {

namespace field_count_detail {

// Converts to any member's type; never called (only used in an unevaluated requires-expression).
struct AnyMember {
  template <typename T>
  operator T() const;
};

template <typename T, std::size_t... I>
constexpr bool initialisable_with(std::index_sequence<I...>) {
  return requires {
    T{(void(I), AnyMember{})...};
  };
}

}  // namespace field_count_detail

// The largest N for which T{m1, ..., mN} compiles: T's member count when T is an aggregate without bases.
template <typename T, std::size_t N = 0>
constexpr std::size_t field_count() {
  if constexpr (field_count_detail::initialisable_with<T>(std::make_index_sequence<N + 1>{}))
    return field_count<T, N + 1>();
  else
    return N;
}

}  // namespace ferry

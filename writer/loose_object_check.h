// A loose object's file (objects/xx/<38 hex digits>) inflated by ferry itself, with every way it can be
// damaged an error: not a zlib stream, a stream that ends early (a file cut short by a power loss), a header
// that is not "<type> <size>\0", or data longer or shorter than the header says. libgit2 1.5 spins forever
// inflating a truncated loose object; checked_odb.h reads loose objects through this instead. The object's
// hash is checked by checked_odb.cpp once the object is inflated.
// Internal to writer/.
#pragma once

#include <git2.h>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "core/error.h"

namespace ferry::writer::git {

struct LooseHeader {
  git_object_t type = GIT_OBJECT_INVALID;
  std::size_t size = 0;  // of the data after the header
};

// The header of the loose object whose file holds `file`, inflating only as much as it takes. An error's
// message is the reason alone ("its zlib stream ends early"): the caller names the object and repository.
Result<LooseHeader> inflate_loose_header(std::string_view file);

// Inflates the whole loose object whose file holds `file`: its header, then exactly `size` bytes of data into
// the buffer that `allocate(size)` returns (the caller owns it, also when this fails), then the stream's end.
// An error's message is the reason alone, as above.
Result<LooseHeader> inflate_loose_object(std::string_view file,
                                         const std::function<char*(std::size_t)>& allocate);

}  // namespace ferry::writer::git

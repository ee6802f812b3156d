// The text form of a Git object id, for messages and for callers that hand ids outside writer/.
// Internal to writer/.
#pragma once

#include <string>

#include "writer/git_handles.h"

namespace ferry::writer::git {

// The 40-character hex form of `id`.
std::string oid_hex(const git_oid& id);

}  // namespace ferry::writer::git

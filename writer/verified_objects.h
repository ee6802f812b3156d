// The big objects this process has read and checked against their ids (checked_odb.h), kept for its later
// reads of the same objects. A narrow run at 10,000 requests reads each of its three trees of 10,000 entries
// twice, through different repository handles (the records and statuses read, then the commit that edits
// them; the bundle paths listed, then the Destination's commit); libgit2's object cache belongs to one
// handle and keeps no tree that big. An object's content is fixed by its id, so a copy checked once is that
// object for every later read of the same id from the same objects directory: what is kept is only what a
// read of the loose file would have given, less the read, the inflation and the SHA-1. Objects under
// kUncompressedFrom (loose_objects.h) are not kept: reading them again costs little. Bounded in bytes; the
// oldest go first. Safe from any thread. Internal to writer/.
#pragma once

#include <git2.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace ferry::writer::git {

struct VerifiedObject {
  git_object_t type = GIT_OBJECT_INVALID;
  std::shared_ptr<const std::string> data;
};

// What the process keeps at most, in bytes of data: the three trees of a narrow run at 10,000 requests take
// about 1.2 MB.
constexpr std::size_t kVerifiedObjectsBytes = 32 * 1024 * 1024;

// The object `id` of the objects directory `objects`, when this process read and checked it before.
std::optional<VerifiedObject> verified_object(const std::string& objects, const git_oid& id);

// Keeps `data`, the object `id` of `type` of `objects` just read and checked against `id`, when it is at
// least kUncompressedFrom bytes.
void keep_verified_object(const std::string& objects, const git_oid& id, git_object_t type,
                          std::string_view data);

}  // namespace ferry::writer::git

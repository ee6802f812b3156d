// The id Git gives an object, the SHA-1 of "<type> <size>\0" followed by its data, computed by libcrypto
// (core/sha1.h): for the objects ferry writes itself (loose_objects.h) and to check every object ferry
// reads against its id (checked_odb.h). Internal to writer/.
#pragma once

#include <git2.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ferry::writer::git {

// What precedes an object's data in its loose file and in what its id hashes: "<type> <size>\0".
std::string object_head(git_object_t type, std::size_t size);

// The id of the object of `type` whose data are `data`; nothing when libcrypto cannot hash.
std::optional<git_oid> object_id_of(git_object_t type, std::string_view data);

}  // namespace ferry::writer::git

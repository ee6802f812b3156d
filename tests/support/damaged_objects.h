// Damaging a bare repository's loose objects the way a power loss or a bad disk can, for the tests of
// ferry's check of loose objects (writer/loose_object_check.h) in the writer's and the end-to-end tests.
#pragma once

#include <filesystem>
#include <string>

namespace ferry::testing {

// The loose file of the object `spec` names (e.g. "main:a/record.json") in the bare repository `repo`;
// `id` is set to the object's id.
std::filesystem::path loose_file(const std::filesystem::path& repo, const std::string& spec, std::string& id);

// Cuts `file` (a loose object, read-only as Git writes it) to half its size: a zlib stream that ends early.
void cut_to_half(const std::filesystem::path& file);

// Replaces `file`'s bytes with text that is no zlib stream at all.
void overwrite_with_garbage(const std::filesystem::path& file);

}  // namespace ferry::testing

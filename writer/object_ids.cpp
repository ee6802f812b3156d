#include "writer/object_ids.h"

#include <array>

#include "core/sha1.h"

namespace ferry::writer::git {

std::string object_head(git_object_t type, std::size_t size) {
  std::string head = std::string(git_object_type2string(type)) + ' ' + std::to_string(size);
  head.push_back('\0');
  return head;
}

std::optional<git_oid> object_id_of(git_object_t type, std::string_view data) {
  const std::array<unsigned char, 20> digest = sha1_of(object_head(type, data.size()), data);
  git_oid id;
  if (digest == std::array<unsigned char, 20>{} || git_oid_fromraw(&id, digest.data()) != 0)
    return std::nullopt;
  return id;
}

}  // namespace ferry::writer::git

#include "writer/oid_hex.h"

namespace ferry::writer::git {

std::string oid_hex(const git_oid& id) {
  char hex[GIT_OID_HEXSZ + 1] = {};
  git_oid_tostr(hex, sizeof hex, &id);
  return hex;
}

}  // namespace ferry::writer::git

#include "pipeline/resource_hash.h"

#include "core/md5.h"

namespace ferry::pipeline {

std::string kratix_resource_hash_of(const std::string& promise_hash, const std::string& request_spec_md5,
                                    bool dry_run) {
  const std::string joined = promise_hash + "-" + request_spec_md5;
  return md5_hex(dry_run ? joined + "-dry-run" : joined);
}

}  // namespace ferry::pipeline

// How Kratix joins a Promise's spec hash and a request's into the request's `kratix.io/hash` (reference
// §2.4): md5("<promise hash>-<request spec hash>[-dry-run]"). Pure: strings in, a string out.
#pragma once

#include <string>

namespace ferry::pipeline {

// Resource workflows from the Promise's hash and request_spec_md5 of the request: no parsing at all.
std::string kratix_resource_hash_of(const std::string& promise_hash, const std::string& request_spec_md5,
                                    bool dry_run = false);

}  // namespace ferry::pipeline

// The synthetic request bundles of scenario 1 ("Writing"): R requests of K files of 1 KiB each, the same
// bytes for ferry's writer and for both baselines, so the resulting trees can be compared.
#pragma once

#include <cstddef>
#include <string>

#include "writer/state_store.h"

namespace ferry::bench {

constexpr std::size_t kFileBytes = 1024;

// "req-00042": zero-padded so names sort the same everywhere.
std::string request_name(std::size_t request);

// Repository-relative directory of one request's bundle (reference §4.2, nestedByMetadata), e.g.
// "worker/resources/default/bench/req-00042/configure/5058f".
std::string bundle_directory(std::size_t request);

// File `file` of request `request`: a ConfigMap of exactly kFileBytes bytes ending in '\n'; deterministic.
std::string file_content(std::size_t request, std::size_t file);
std::string file_name(std::size_t file);  // "file-3.yaml"

// The commit message Kratix would write for this request's WorkPlacement (reference §4.8).
std::string commit_message(std::size_t request);

// One request as the writer's Change: one bundle of `files` files, author "bench <bench@localhost>".
writer::Change request_change(std::size_t request, std::size_t files);

}  // namespace ferry::bench

#include "bench/bundles.h"

#include <cstdint>
#include <cstdio>

#include "writer/layout.h"

namespace ferry::bench {

std::string request_name(std::size_t request) {
  char name[32];
  std::snprintf(name, sizeof name, "req-%05zu", request);
  return name;
}

std::string bundle_directory(std::size_t request) {
  return writer::resource_bundle_dir({.store_path = "",
                                      .destination_path = "worker",
                                      .namespace_ = "default",
                                      .promise = "bench",
                                      .request = request_name(request),
                                      .pipeline = "configure",
                                      .group_id = "5058f1af8388633f609cadb75a75dc9d"});
}

std::string file_name(std::size_t file) {
  return "file-" + std::to_string(file) + ".yaml";
}

std::string file_content(std::size_t request, std::size_t file) {
  std::string text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + request_name(request) + "-" +
                     std::to_string(file) + "\n  namespace: default\ndata:\n  payload: \"";
  // A small LCG seeded by (request, file): content differs per file, so git stores every blob.
  std::uint64_t state = (request + 1) * 1000003u + file * 7919u;
  const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  while (text.size() < kFileBytes - 2) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    text += alphabet[(state >> 33) % 36];
  }
  return text + "\"\n";
}

std::string commit_message(std::size_t request) {
  return "Update from: " + request_name(request);
}

writer::Change request_change(std::size_t request, std::size_t files) {
  writer::Change change;
  writer::Bundle bundle{.directory = bundle_directory(request), .files = {}};
  for (std::size_t f = 0; f < files; ++f) bundle.files.emplace(file_name(f), file_content(request, f));
  change.bundles.push_back(std::move(bundle));
  change.message = commit_message(request);
  change.author = {.name = "bench", .email = "bench@localhost"};
  return change;
}

}  // namespace ferry::bench

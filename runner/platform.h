// The platform repository, loaded and validated: everything a run needs, as plain values.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/model.h"
#include "scheduler/destination.h"
#include "writer/state_store.h"

namespace ferry::runner {

struct GitStateStore {
  std::string name;
  std::string url;  // as written; resolve_store_path() turns it into a local path
  std::string branch = "main";
  std::string path;  // prefix inside the repository
  writer::Author author;
  SourceLocation where;
  SourceLocation url_where;
};

struct Platform {
  std::filesystem::path root;
  std::vector<pipeline::Promise> promises;
  std::vector<scheduler::Destination> destinations;
  std::vector<GitStateStore> stores;
  std::vector<pipeline::Request> requests;

  const pipeline::Promise* promise(const std::string& name) const;
  const GitStateStore* store(const std::string& name) const;
};

// Everything found: errors stop the run (they are all reported at once); warnings do not.
struct LoadResult {
  Platform platform;
  std::vector<Error> errors;
  std::vector<Error> warnings;
};

// Loads every *.yaml / *.yml below `root` (skipping dot-directories), in path order.
LoadResult load_platform(const std::filesystem::path& root);

// The local repository path of a store: an absolute path, a file:// URL, or a path relative to the
// platform root. Remote URLs are refused until the writer supports them.
Result<std::filesystem::path> resolve_store_path(const GitStateStore& store, const std::filesystem::path& root);

}  // namespace ferry::runner

// Creating a bare repository so that no other process ever sees it half made: it is initialised in a
// sibling temporary directory and renamed into place. Two ferry processes (e.g. CI shards) writing to the
// same new local store both succeed; the loser of the rename uses the winner's repository.
#pragma once

#include <filesystem>
#include <string>

#include "core/error.h"

namespace ferry::writer::git {

// Creates a bare repository at `path` whose HEAD names `branch`, unless something exists there already.
Status create_bare_repository(const std::filesystem::path& path, const std::string& branch);

}  // namespace ferry::writer::git

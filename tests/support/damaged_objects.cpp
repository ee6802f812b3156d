#include "tests/support/damaged_objects.h"

#include "tests/support/test_support.h"

namespace ferry::testing {

namespace fs = std::filesystem;

fs::path loose_file(const fs::path& repo, const std::string& spec, std::string& id) {
  id = git(repo, "rev-parse " + spec);
  return repo / "objects" / id.substr(0, 2) / id.substr(2);
}

void cut_to_half(const fs::path& file) {
  fs::permissions(file, fs::perms::owner_write, fs::perm_options::add);
  fs::resize_file(file, fs::file_size(file) / 2);
}

void overwrite_with_garbage(const fs::path& file) {
  fs::permissions(file, fs::perms::owner_write, fs::perm_options::add);
  write_file(file, "garbage where a zlib stream should be");
}

}  // namespace ferry::testing

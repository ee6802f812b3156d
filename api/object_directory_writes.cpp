// ObjectDirectory's writes (object_directory.h): a new directory staged beside the object's and swapped in
// with renameat2(RENAME_EXCHANGE); a delete renames the directory away first. Secrets' files are 0600.
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

#include "api/object_directory.h"
#include "core/file_text.h"

namespace fs = std::filesystem;

namespace ferry::api {
namespace {

Error system_error(const std::string& what, const fs::path& path, int error) {
  return make_error("cannot " + what + " " + path.string() + ": " + std::strerror(error));
}

// A fresh directory `parent/.ferry-<purpose>-<name>-XXXXXX` (mkdtemp: mode 0700, a name no one else has).
Result<fs::path> fresh_directory(const fs::path& parent, const std::string& purpose,
                                 const std::string& name) {
  std::string pattern = (parent / (".ferry-" + purpose + "-" + name + "-XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) return system_error("create a directory in", parent, errno);
  return fs::path(pattern);
}

std::string metadata_text(const StoredObject& object) {
  nlohmann::json document = {{"labels", object.labels},
                             {"annotations", object.annotations},
                             {"creationTimestamp", object.creation_timestamp}};
  if (!object.type.empty()) document["type"] = object.type;
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Status write_contents(const fs::path& staging, const StoredObject& object, bool secret) {
  for (const auto& [key, value] : object.data) {
    if (Status written = write_file_bytes(staging / key, value); !written) return written;
  }
  if (Status written = write_file_bytes(staging / kMetadataFile, metadata_text(object)); !written)
    return written;
  std::error_code ec;
  const fs::perms file_mode = secret ? fs::perms::owner_read | fs::perms::owner_write
                                     : fs::perms::owner_read | fs::perms::owner_write |
                                           fs::perms::group_read | fs::perms::others_read;
  for (const fs::directory_entry& entry : fs::directory_iterator(staging, ec)) {
    fs::permissions(entry.path(), file_mode, ec);
    if (ec) return make_error("cannot set the mode of " + entry.path().string() + ": " + ec.message());
  }
  if (ec) return make_error("cannot list " + staging.string() + ": " + ec.message());
  const fs::perms folder_mode = secret
                                    ? fs::perms::owner_all
                                    : fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                          fs::perms::others_read | fs::perms::others_exec;
  fs::permissions(staging, folder_mode, ec);
  if (ec) return make_error("cannot set the mode of " + staging.string() + ": " + ec.message());
  return ok();
}

// Puts `staging` at `target`: a plain rename when there is nothing there, else an atomic exchange, after
// which `staging` holds the old object and is removed.
Status swap_in(const fs::path& staging, const fs::path& target) {
  if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) == 0) return ok();
  if (errno != EEXIST) return system_error("rename into", target, errno);
  if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) != 0) {
    return system_error("replace", target, errno);
  }
  std::error_code ec;
  fs::remove_all(staging, ec);
  if (ec) return make_error("cannot remove " + staging.string() + ": " + ec.message());
  return ok();
}

}  // namespace

Status ObjectDirectory::write(const StoredObject& object) const {
  if (!configured()) return make_error("no directory is configured");
  const fs::path parent = namespace_folder(object.namespace_name);
  std::error_code ec;
  fs::create_directories(parent, ec);
  if (ec) return make_error("cannot create " + parent.string() + ": " + ec.message());
  auto staging = fresh_directory(parent, "staging", object.name);
  if (!staging) return staging.error();
  Status written = write_contents(*staging, object, kind_ == StoredKind::secret);
  if (written) written = swap_in(*staging, parent / object.name);
  if (!written) fs::remove_all(*staging, ec);
  return written;
}

Result<bool> ObjectDirectory::remove(const std::string& namespace_name, const std::string& name) const {
  if (!configured()) return make_error("no directory is configured");
  const fs::path parent = namespace_folder(namespace_name);
  std::error_code ec;
  if (!fs::is_directory(parent / name, ec)) return false;
  auto away = fresh_directory(parent, "deleted", name);
  if (!away) return away.error();
  // rename(2) replaces an empty directory: the object leaves its name in one step.
  if (::rename((parent / name).c_str(), away->c_str()) != 0) {
    const int error = errno;
    fs::remove_all(*away, ec);
    if (error == ENOENT) return false;  // removed by someone else in between
    return system_error("remove", parent / name, error);
  }
  fs::remove_all(*away, ec);  // now the old object, out of every reader's sight
  if (ec) return make_error("cannot remove " + away->string() + ": " + ec.message());
  return true;
}

}  // namespace ferry::api

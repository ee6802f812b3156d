#include "writer/loose_objects.h"

#include <unistd.h>
#include <zlib.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <system_error>

#include "writer/durability.h"
#include "writer/git_commit.h"
#include "writer/git_handles.h"
#include "writer/object_ids.h"

namespace ferry::writer::git {
namespace {

namespace fs = std::filesystem;
using ConfigPtr = Handle<git_config, git_config_free>;

fs::path objects_directory(git_repository* repo) {
  return fs::path(git_repository_path(repo)) / "objects";
}

bool is_hex(const std::string& text) {
  return text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// objects/xx/yyyy... for `id`.
fs::path loose_path(const fs::path& objects, const git_oid& id) {
  const std::string hex = oid_hex(id);
  return objects / hex.substr(0, 2) / hex.substr(2);
}

// `data` in a zlib stream of stored blocks, as git's loose format wants it: "<type> <size>\0<data>".
Result<std::string> stored_zlib_stream(git_object_t type, std::string_view data) {
  std::string object = object_head(type, data.size());
  object.append(data);
  uLongf size = compressBound(object.size());
  std::string stream(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(stream.data()), &size, reinterpret_cast<const Bytef*>(object.data()),
                object.size(), Z_NO_COMPRESSION) != Z_OK) {
    return make_error("zlib cannot store an object of " + std::to_string(data.size()) + " bytes");
  }
  stream.resize(size);
  return stream;
}

// A name beside the object's file that no other writer, thread or process, uses; not hex, so
// loose_objects() and git skip it.
fs::path temporary_name(const fs::path& object) {
  static std::atomic<unsigned> counter{0};
  return object.parent_path() /
         ("tmp_obj_ferry_" + std::to_string(::getpid()) + "_" + std::to_string(counter.fetch_add(1)));
}

}  // namespace

Result<git_oid> write_uncompressed(git_repository* repo, git_odb* odb, git_object_t type,
                                   std::string_view data, const std::string& store) {
  const std::optional<git_oid> hashed = object_id_of(type, data);
  if (!hashed) return make_error("cannot hash an object of " + store);
  const git_oid id = *hashed;
  if (git_odb_exists(odb, &id)) return id;
  auto stream = stored_zlib_stream(type, data);
  if (!stream) return stream.error();
  const fs::path path = loose_path(objects_directory(repo), id);
  const fs::path temporary = temporary_name(path);
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  Status written = write_new_file(temporary, *stream);  // fsynced when fsync is on (durability.h)
  if (written) fs::rename(temporary, path, ec);
  if (!written || ec) {
    fs::remove(temporary, ec);
    return make_error("cannot write object " + oid_hex(id) + " in " + store + ": " +
                      (written ? ec.message() : written.error().message));
  }
  if (Status synced = sync_directory(path.parent_path()); !synced)
    return make_error("cannot write object " + oid_hex(id) + " in " + store + ": " + synced.error().message);
  return id;
}

std::optional<std::size_t> packing_threshold(git_repository* repo, std::size_t fallback) {
  git_config* raw = nullptr;
  if (git_repository_config_snapshot(&raw, repo) != 0) return fallback;
  const ConfigPtr config(raw);
  std::int32_t automatic = 0;
  if (git_config_get_int32(&automatic, config.get(), "gc.auto") != 0)
    return fallback;  // unset or not a number
  if (automatic <= 0) return std::nullopt;
  return static_cast<std::size_t>(automatic);
}

std::vector<git_oid> loose_objects(git_repository* repo) {
  std::vector<git_oid> ids;
  std::error_code ec;
  for (const fs::directory_entry& fan : fs::directory_iterator(objects_directory(repo), ec)) {
    const std::string prefix = fan.path().filename().string();
    if (prefix.size() != 2 || !is_hex(prefix) || !fan.is_directory(ec)) continue;  // pack/, info/
    for (const fs::directory_entry& file : fs::directory_iterator(fan.path(), ec)) {
      const std::string rest = file.path().filename().string();
      git_oid id;
      if (rest.size() != GIT_OID_HEXSZ - 2 || !is_hex(rest)) continue;  // tmp_obj_* files being written
      if (git_oid_fromstr(&id, (prefix + rest).c_str()) == 0) ids.push_back(id);
    }
  }
  return ids;
}

Status pack_and_remove(git_repository* repo, const std::vector<git_oid>& ids, const std::string& store) {
  if (ids.empty()) return ok();
  git_packbuilder* raw = nullptr;
  if (git_packbuilder_new(&raw, repo) != 0) return failure("cannot pack the objects of " + store);
  const PackBuilderPtr builder(raw);
  for (const git_oid& id : ids) {
    if (git_packbuilder_insert(builder.get(), &id, nullptr) != 0)
      return failure("cannot pack the objects of " + store);
  }
  if (git_packbuilder_write(builder.get(), nullptr, 0, nullptr, nullptr) != 0)
    return failure("cannot write a pack in " + store);
  const fs::path objects = objects_directory(repo);
  for (const git_oid& id : ids) {
    std::error_code ec;
    fs::remove(loose_path(objects, id), ec);  // one left behind stays readable, just loose
  }
  return ok();
}

}  // namespace ferry::writer::git

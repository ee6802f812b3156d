#include "writer/loose_objects.h"

#include <cstdint>
#include <filesystem>
#include <system_error>

#include "writer/git_handles.h"

namespace ferry::writer::git {
namespace {

namespace fs = std::filesystem;
using PackBuilderPtr = Handle<git_packbuilder, git_packbuilder_free>;
using ConfigPtr = Handle<git_config, git_config_free>;

fs::path objects_directory(git_repository* repo) {
  return fs::path(git_repository_path(repo)) / "objects";
}

bool is_hex(const std::string& text) {
  return text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// objects/xx/yyyy... for `id`.
fs::path loose_path(const fs::path& objects, const git_oid& id) {
  char hex[GIT_OID_HEXSZ + 1] = {};
  git_oid_tostr(hex, sizeof hex, &id);
  return objects / std::string(hex, 2) / std::string(hex + 2);
}

}  // namespace

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

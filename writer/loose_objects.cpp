#include "writer/loose_objects.h"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
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

// "<head><data>" as a zlib stream of stored blocks (RFC 1950 and 1951), as git's loose format wants it: the
// stream's two-byte header, each block's five-byte header before its bytes (at most 65,535), the Adler-32 of
// all, big-endian. The pieces point into `head`, `data` and `framing` (which holds the headers and the
// checksum), so the object's bytes are written where they are, never copied.
std::vector<std::string_view> stored_zlib_pieces(std::string_view head, std::string_view data,
                                                 std::string& framing) {
  constexpr std::size_t kBlock = 65535;
  const std::size_t total = head.size() + data.size();
  const std::size_t blocks = std::max<std::size_t>(1, (total + kBlock - 1) / kBlock);
  framing.assign({'\x78', '\x01'});     // deflate, 32 KiB window, no compression; a multiple of 31
  framing.reserve(2 + 5 * blocks + 4);  // no reallocation below: the pieces point into it
  std::vector<std::string_view> pieces{std::string_view(framing.data(), 2)};
  auto bytes_of = [&](std::size_t from, std::size_t size) {  // [from, from + size) of head + data
    if (from < head.size()) {
      const std::size_t in_head = std::min(size, head.size() - from);
      pieces.push_back(head.substr(from, in_head));
      from += in_head;
      size -= in_head;
    }
    if (size > 0) pieces.push_back(data.substr(from - head.size(), size));
  };
  for (std::size_t block = 0, from = 0; block < blocks; ++block, from += kBlock) {
    const auto size = static_cast<unsigned>(std::min(kBlock, total - from));
    const std::size_t at = framing.size();
    framing.push_back(block + 1 == blocks ? '\x01' : '\x00');  // the last block's flag; "stored"
    for (const unsigned half : {size, ~size & 0xffffu}) {      // LEN then NLEN, little-endian
      framing.push_back(static_cast<char>(half & 0xff));
      framing.push_back(static_cast<char>(half >> 8));
    }
    pieces.emplace_back(framing.data() + at, 5);
    bytes_of(from, size);
  }
  uLong adler = adler32(1L, reinterpret_cast<const Bytef*>(head.data()), static_cast<uInt>(head.size()));
  adler = adler32_z(adler, reinterpret_cast<const Bytef*>(data.data()), data.size());
  const std::size_t at = framing.size();
  for (int shift = 24; shift >= 0; shift -= 8) framing.push_back(static_cast<char>((adler >> shift) & 0xff));
  pieces.emplace_back(framing.data() + at, 4);
  return pieces;
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
  const std::string head = object_head(type, data.size());
  std::string framing;
  const std::vector<std::string_view> stream = stored_zlib_pieces(head, data, framing);
  const fs::path path = loose_path(objects_directory(repo), id);
  const fs::path temporary = temporary_name(path);
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  Status written = write_new_file(temporary, stream);  // fsynced when fsync is on (durability.h)
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

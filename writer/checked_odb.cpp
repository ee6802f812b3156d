#include "writer/checked_odb.h"

#include <git2/sys/odb_backend.h>

#include <cstring>
#include <memory>
#include <optional>
#include <type_traits>

#include "core/file_text.h"
#include "writer/libgit2_errors.h"
#include "writer/loose_object_check.h"
#include "writer/object_ids.h"
#include "writer/oid_hex.h"
#include "writer/verified_objects.h"

namespace ferry::writer::git {
namespace {

// The checking packed backend (3) comes before libgit2's (2), which finds nothing it does not; the checking
// loose backend is between libgit2's packed one and its loose one (1): a packed object costs it nothing.
// Backends of equal priority keep the order they were added in (libgit2 sorts them stably), so it comes
// after the packed backend that git_repository_open_bare added.
constexpr int kPackedPriority = 3;
constexpr int kLoosePriority = 2;

// The backend libgit2 calls; `base` first, as libgit2 hands back the git_odb_backend pointer.
struct CheckingBackend {
  git_odb_backend base;
  std::string objects;  // the objects directory, ending in '/'
  std::string store;
};

static_assert(std::is_standard_layout_v<CheckingBackend>, "libgit2 hands back &base: it must be first");

CheckingBackend& backend_of(git_odb_backend* base) {
  return *reinterpret_cast<CheckingBackend*>(base);
}

int report(const std::string& kind, const std::string& store, const git_oid* id, const std::string& reason) {
  const std::string message = kind + " object " + oid_hex(*id) + " of " + store + " is damaged: " + reason;
  git_error_set_str(GIT_ERROR_ODB, message.c_str());
  return GIT_ERROR;
}

int report(const CheckingBackend& backend, const git_oid* id, const std::string& reason) {
  return report("loose", backend.store, id, reason);
}

// Whether the object read as `id` is that object (0), else the error set: what libgit2's strict hash
// verification checked with its slower SHA-1, which git_handles.cpp turns off (a collision attack is caught
// where objects come in, by the indexer of a fetch, which keeps libgit2's collision-detecting SHA-1).
int check_id(const std::string& kind, const std::string& store, const git_oid* id, git_object_t type,
             const void* data, std::size_t size) {
  const auto hashed = object_id_of(type, std::string_view(static_cast<const char*>(data), size));
  if (!hashed) return report(kind, store, id, "it cannot be hashed");
  if (git_oid_equal(&*hashed, id)) return 0;
  return report(kind, store, id, "its content hashes to " + oid_hex(*hashed));
}

// The loose file of `id`: GIT_PASSTHROUGH when it has none (the packed backend had no such object either,
// or libgit2's loose backend will say it is not found), an error set when it cannot be read.
int read_file_of(const CheckingBackend& backend, const git_oid* id, std::string& bytes) {
  const std::string hex = oid_hex(*id);
  auto file = read_file_if_present(backend.objects + hex.substr(0, 2) + "/" + hex.substr(2));
  if (!file) {
    const std::string message = "loose object " + hex + " of " + backend.store + ": " + file.error().message;
    git_error_set_str(GIT_ERROR_ODB, message.c_str());
    return GIT_ERROR;
  }
  if (!*file) return GIT_PASSTHROUGH;
  bytes = std::move(**file);
  return 0;
}

// A copy of `kept` in a buffer libgit2 owns (as a read of the object's file would give), with its NUL.
void hand_over(const VerifiedObject& kept, git_odb_backend* base, void** data, std::size_t* size,
               git_object_t* type) {
  const std::size_t length = kept.data->size();
  char* buffer = static_cast<char*>(git_odb_backend_data_alloc(base, length + 1));
  std::memcpy(buffer, kept.data->data(), length);
  buffer[length] = '\0';
  *data = buffer;
  *size = length;
  *type = kept.type;
}

int read_object(void** data, std::size_t* size, git_object_t* type, git_odb_backend* base,
                const git_oid* id) {
  const CheckingBackend& backend = backend_of(base);
  if (auto kept = verified_object(backend.objects, *id)) {
    hand_over(*kept, base, data, size, type);
    return 0;
  }
  std::string file;
  if (const int found = read_file_of(backend, id, file); found != 0) return found;
  char* buffer = nullptr;
  auto allocate = [&](std::size_t length) {
    buffer = static_cast<char*>(git_odb_backend_data_alloc(base, length + 1));
    buffer[length] = '\0';  // libgit2's own loose reads end the data with a NUL; keep that
    return buffer;
  };
  auto header = inflate_loose_object(file, allocate);
  if (!header) {
    if (buffer != nullptr) git_odb_backend_data_free(base, buffer);
    return report(backend, id, header.error().message);
  }
  if (const int checked = check_id("loose", backend.store, id, header->type, buffer, header->size);
      checked != 0) {
    git_odb_backend_data_free(base, buffer);
    return checked;
  }
  keep_verified_object(backend.objects, *id, header->type, std::string_view(buffer, header->size));
  *data = buffer;
  *size = header->size;
  *type = header->type;
  return 0;
}

int read_header(std::size_t* size, git_object_t* type, git_odb_backend* base, const git_oid* id) {
  const CheckingBackend& backend = backend_of(base);
  if (auto kept = verified_object(backend.objects, *id)) {
    *size = kept->data->size();
    *type = kept->type;
    return 0;
  }
  std::string file;
  if (const int found = read_file_of(backend, id, file); found != 0) return found;
  auto header = inflate_loose_header(file);
  if (!header) return report(backend, id, header.error().message);
  *size = header->size;
  *type = header->type;
  return 0;
}

void free_backend(git_odb_backend* base) {
  // Made by check_objects and released to libgit2, which calls this once when the database goes.
  std::unique_ptr<CheckingBackend> owned(&backend_of(base));
}

// libgit2's packed backend of the same objects directory, wrapped so that each object it reads is checked
// against its id; headers, existence and the writing of packs are left to libgit2's own packed backend.
struct CheckingPacks {
  git_odb_backend base;
  git_odb_backend* packs;  // libgit2's, freed with this one
  std::string objects;     // the objects directory, ending in '/'
  std::string store;
};

static_assert(std::is_standard_layout_v<CheckingPacks>, "libgit2 hands back &base: it must be first");

CheckingPacks& packs_of(git_odb_backend* base) {
  return *reinterpret_cast<CheckingPacks*>(base);
}

// A read of `packs`' that succeeded is checked, its data freed when it is not the object. (`size` and `type`
// are only set by a read that succeeded: not read otherwise.)
int checked_read(const CheckingPacks& packs, const git_oid* id, void** data, std::size_t size,
                 git_object_t type) {
  const int checked = check_id("packed", packs.store, id, type, *data, size);
  if (checked != 0) {
    git_odb_backend_data_free(packs.packs, *data);
    *data = nullptr;
  }
  return checked;
}

int read_packed(void** data, std::size_t* size, git_object_t* type, git_odb_backend* base,
                const git_oid* id) {
  const CheckingPacks& packs = packs_of(base);
  if (auto kept = verified_object(packs.objects, *id)) {
    hand_over(*kept, base, data, size, type);
    return 0;
  }
  const int read = packs.packs->read(data, size, type, packs.packs, id);
  if (read != 0) return read;
  const int checked = checked_read(packs, id, data, *size, *type);
  if (checked == 0) keep_verified_object(packs.objects, *id, *type, {static_cast<const char*>(*data), *size});
  return checked;
}

int read_packed_prefix(git_oid* found, void** data, std::size_t* size, git_object_t* type,
                       git_odb_backend* base, const git_oid* prefix, std::size_t length) {
  const CheckingPacks& packs = packs_of(base);
  const int read = packs.packs->read_prefix(found, data, size, type, packs.packs, prefix, length);
  return read != 0 ? read : checked_read(packs, found, data, *size, *type);
}

int refresh_packs(git_odb_backend* base) {
  const CheckingPacks& packs = packs_of(base);
  return packs.packs->refresh(packs.packs);
}

void free_packs(git_odb_backend* base) {
  std::unique_ptr<CheckingPacks> owned(&packs_of(base));
  owned->packs->free(owned->packs);
}

// Adds `backend` (made by make_unique) to `odb`; the database owns it once added and frees it itself. One
// that cannot be added is freed by its own `free`, which also frees what it wraps.
template <typename Backend>
Status add_backend(git_odb* odb, std::unique_ptr<Backend> backend, int priority, const std::string& store) {
  if (git_odb_add_backend(odb, &backend->base, priority) != 0) {
    Error error = failure("cannot check the objects of " + store);
    Backend* unowned = backend.release();
    unowned->base.free(&unowned->base);
    return error;
  }
  backend.release();
  return ok();
}

Status check_packed_objects(git_odb* odb, const std::string& objects, const std::string& store) {
  git_odb_backend* libgit2_packs = nullptr;
  if (git_odb_backend_pack(&libgit2_packs, objects.c_str()) != 0)
    return failure("cannot read the packs of " + store);
  auto packs = std::make_unique<CheckingPacks>(CheckingPacks{{}, libgit2_packs, objects, store});
  git_odb_init_backend(&packs->base, GIT_ODB_BACKEND_VERSION);
  packs->base.read = read_packed;
  packs->base.read_prefix = read_packed_prefix;
  packs->base.refresh = refresh_packs;
  packs->base.free = free_packs;
  return add_backend(odb, std::move(packs), kPackedPriority, store);
}

}  // namespace

Status check_objects(git_repository* repo, const std::string& store) {
  git_buf objects = GIT_BUF_INIT;
  if (git_repository_item_path(&objects, repo, GIT_REPOSITORY_ITEM_OBJECTS) != 0)
    return failure("cannot find the objects of " + store);
  auto backend = std::make_unique<CheckingBackend>();
  backend->objects = objects.ptr;
  git_buf_dispose(&objects);
  if (backend->objects.empty() || backend->objects.back() != '/') backend->objects.push_back('/');
  backend->store = store;
  git_odb_init_backend(&backend->base, GIT_ODB_BACKEND_VERSION);
  backend->base.read = read_object;
  backend->base.read_header = read_header;
  backend->base.free = free_backend;
  git_odb* raw_odb = nullptr;
  if (git_repository_odb(&raw_odb, repo) != 0) return failure("cannot open the objects of " + store);
  const OdbPtr odb(raw_odb);
  if (Status packed = check_packed_objects(odb.get(), backend->objects, store); !packed) return packed;
  return add_backend(odb.get(), std::move(backend), kLoosePriority, store);
}

Result<RepoPtr> open_checked_repository(const std::filesystem::path& path, const std::string& store) {
  ensure_initialised();
  git_repository* raw = nullptr;
  if (git_repository_open_bare(&raw, path.c_str()) != 0) return failure("cannot open " + store);
  RepoPtr repo(raw);
  if (auto checked = check_objects(repo.get(), store); !checked) return checked.error();
  return repo;
}

}  // namespace ferry::writer::git

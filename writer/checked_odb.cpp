#include "writer/checked_odb.h"

#include <git2/sys/odb_backend.h>

#include <memory>
#include <optional>
#include <type_traits>

#include "core/file_text.h"
#include "writer/libgit2_errors.h"
#include "writer/loose_object_check.h"
#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

// Between libgit2's packed backend (2, consulted first: a packed object costs this backend nothing) and its
// loose one (1). Backends of equal priority keep the order they were added in (libgit2 sorts them stably),
// so this one comes after the packed backend that git_repository_open_bare added.
constexpr int kPriority = 2;

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

int report(const CheckingBackend& backend, const git_oid* id, const std::string& reason) {
  const std::string message =
      "loose object " + oid_hex(*id) + " of " + backend.store + " is damaged: " + reason;
  git_error_set_str(GIT_ERROR_ODB, message.c_str());
  return GIT_ERROR;
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

int read_object(void** data, std::size_t* size, git_object_t* type, git_odb_backend* base,
                const git_oid* id) {
  const CheckingBackend& backend = backend_of(base);
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
  *data = buffer;
  *size = header->size;
  *type = header->type;
  return 0;
}

int read_header(std::size_t* size, git_object_t* type, git_odb_backend* base, const git_oid* id) {
  const CheckingBackend& backend = backend_of(base);
  std::string file;
  if (const int found = read_file_of(backend, id, file); found != 0) return found;
  auto header = inflate_loose_header(file);
  if (!header) return report(backend, id, header.error().message);
  *size = header->size;
  *type = header->type;
  return 0;
}

void free_backend(git_odb_backend* base) {
  // Made by check_loose_objects and released to libgit2, which calls this once when the database goes.
  std::unique_ptr<CheckingBackend> owned(&backend_of(base));
}

}  // namespace

Status check_loose_objects(git_repository* repo, const std::string& store) {
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
  if (git_odb_add_backend(odb.get(), &backend->base, kPriority) != 0)
    return failure("cannot check the objects of " + store);
  backend.release();  // the database owns it now and frees it through free_backend
  return ok();
}

Result<RepoPtr> open_checked_repository(const std::filesystem::path& path, const std::string& store) {
  ensure_initialised();
  git_repository* raw = nullptr;
  if (git_repository_open_bare(&raw, path.c_str()) != 0) return failure("cannot open " + store);
  RepoPtr repo(raw);
  if (auto checked = check_loose_objects(repo.get(), store); !checked) return checked.error();
  return repo;
}

}  // namespace ferry::writer::git

// An exclusive advisory lock (flock) on a file, held for the lifetime of the FileLock. Locks taken through
// separate FileLocks exclude each other across threads and processes; the kernel drops the lock when the
// holder dies, so a crash never leaves a stale lock behind.
#pragma once

#include <filesystem>
#include <optional>
#include <utility>

#include "core/error.h"

namespace ferry::writer {

class FileLock {
 public:
  // Creates `path` if needed and blocks until the lock is ours.
  static Result<FileLock> acquire(const std::filesystem::path& path);
  // Creates `path` if needed and takes the lock if it is free; nullopt while another holder has it.
  static Result<std::optional<FileLock>> try_acquire(const std::filesystem::path& path);

  FileLock(FileLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();

 private:
  explicit FileLock(int fd) : fd_(fd) {}
  // Opens `path` and flocks it with `operation` (LOCK_EX, maybe | LOCK_NB); nullopt when LOCK_NB found it
  // held.
  static Result<std::optional<FileLock>> lock(const std::filesystem::path& path, int operation);
  int fd_ = -1;
};

}  // namespace ferry::writer

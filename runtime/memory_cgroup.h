// A memory cgroup that ferry makes for one container with a memory limit, so that after the container has
// gone (and the engine has removed its own cgroup) ferry can still tell whether the limit was hit. The
// limit is set on this cgroup and the engine's cgroup is made below it (podman/docker --cgroup-parent,
// runc's cgroupsPath). Works as root with cgroup v1 (the memory controller's hierarchy) or v2 (unified);
// elsewhere create() fails and the runtime sets the limit on the engine's own cgroup instead.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::runtime {

class MemoryCgroup {
 public:
  // "/ferry/<name>" under the memory hierarchy (`root`: the cgroup file system's mount, for tests), limited
  // to `limit_bytes` with no swap where the kernel allows it. The Error says why it cannot be made.
  static Result<std::unique_ptr<MemoryCgroup>> create(const std::string& name, std::int64_t limit_bytes,
                                                      const std::filesystem::path& root = "/sys/fs/cgroup");
  ~MemoryCgroup();  // removes the cgroup and what the engine left below it, in every hierarchy
  MemoryCgroup(const MemoryCgroup&) = delete;
  MemoryCgroup& operator=(const MemoryCgroup&) = delete;

  // The path engines take as a cgroup parent: "/ferry/<name>".
  const std::string& path() const { return path_; }
  // Its cgroup.procs: a process whose pid is written there runs in it (the exec runtime's way in).
  std::filesystem::path procs_file() const;
  // Whether a charge failed at the limit: v2 memory.events oom_kill (counted for the whole subtree); v1
  // memory.failcnt or memory.memsw.failcnt (v1 counts an OOM kill only in the killed task's own cgroup,
  // which the engine removes).
  bool limit_was_hit() const;

 private:
  MemoryCgroup(std::filesystem::path root, std::string path, bool unified)
      : root_(std::move(root)), path_(std::move(path)), unified_(unified) {}
  std::filesystem::path root_;
  std::string path_;
  bool unified_;
};

// What a container that ended with `exit_code` was, given its memory limit: a message when it was killed
// for its memory ("" when not): exit 137 (SIGKILL) and, when `cgroup` is given, its limit hit.
std::string out_of_memory_message(int exit_code, bool timed_out, std::int64_t limit_bytes,
                                  const MemoryCgroup* cgroup);

}  // namespace ferry::runtime

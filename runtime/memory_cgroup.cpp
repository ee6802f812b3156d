// MemoryCgroup: directories and control files of the cgroup file system, written directly (no library).
#include "runtime/memory_cgroup.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

namespace ferry::runtime {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr int kRemoveAttempts = 40;  // engines remove their cgroups asynchronously: 25 ms apart, 1 s in all

bool write_control(const fs::path& file, const std::string& value) {
  std::ofstream out(file);
  out << value;
  out.flush();
  return static_cast<bool>(out);
}

// A counter in a flat-keyed file (memory.events "oom_kill 1") or a file holding one number (failcnt).
std::int64_t read_counter(const fs::path& file, const std::string& key) {
  std::ifstream in(file);
  std::string word;
  std::int64_t value = 0;
  if (key.empty()) return (in >> value) ? value : 0;
  while (in >> word >> value) {
    if (word == key) return value;
  }
  return 0;
}

// Every directory of the cgroup, deepest first, then the cgroup itself.
void remove_tree(const fs::path& dir) {
  std::error_code ec;
  std::vector<fs::path> below;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_directory(ec)) below.push_back(entry.path());
  }
  for (const fs::path& sub : below) remove_tree(sub);
  for (int attempt = 0; attempt < kRemoveAttempts && fs::exists(dir, ec); ++attempt) {
    if (::rmdir(dir.c_str()) == 0 || errno != EBUSY) return;  // busy: the engine still has it
    std::this_thread::sleep_for(25ms);
  }
}

}  // namespace

Result<std::unique_ptr<MemoryCgroup>> MemoryCgroup::create(const std::string& name, std::int64_t limit_bytes,
                                                           const fs::path& root) {
  std::error_code ec;
  const bool unified = fs::exists(root / "cgroup.controllers", ec);
  const fs::path hierarchy = unified ? root : root / "memory";
  const fs::path parent = hierarchy / "ferry";
  const fs::path dir = parent / name;
  fs::create_directories(parent, ec);
  if (unified) {
    write_control(root / "cgroup.subtree_control", "+memory");
    write_control(parent / "cgroup.subtree_control", "+memory");
  }
  if (ec || !fs::create_directory(dir, ec) || ec) {
    return make_error("cannot make memory cgroup " + dir.string() + ": " +
                      (ec ? ec.message() : std::string("it exists")));
  }
  auto cgroup = std::unique_ptr<MemoryCgroup>(new MemoryCgroup(root, "/ferry/" + name, unified));
  const std::string limit = std::to_string(limit_bytes);
  if (!write_control(dir / (unified ? "memory.max" : "memory.limit_in_bytes"), limit)) {
    return make_error("cannot set the memory limit of cgroup " + dir.string() + ": " + strerror(errno));
  }
  if (unified) write_control(dir / "memory.swap.max", "0");  // absent without swap accounting: no swap anyway
  return cgroup;
}

MemoryCgroup::~MemoryCgroup() {
  if (unified_) {
    remove_tree(root_ / path_.substr(1));
    return;
  }
  std::error_code ec;
  for (const auto& hierarchy : fs::directory_iterator(root_, ec)) {
    if (fs::exists(hierarchy.path() / path_.substr(1), ec)) remove_tree(hierarchy.path() / path_.substr(1));
  }
}

std::filesystem::path MemoryCgroup::procs_file() const {
  return (unified_ ? root_ : root_ / "memory") / path_.substr(1) / "cgroup.procs";
}

bool MemoryCgroup::limit_was_hit() const {
  if (unified_) return read_counter(root_ / path_.substr(1) / "memory.events", "oom_kill") > 0;
  const fs::path dir = root_ / "memory" / path_.substr(1);
  return read_counter(dir / "memory.failcnt", "") > 0 || read_counter(dir / "memory.memsw.failcnt", "") > 0;
}

std::string out_of_memory_message(int exit_code, bool timed_out, std::int64_t limit_bytes,
                                  const MemoryCgroup* cgroup) {
  if (timed_out || exit_code != 137) return "";
  const std::string limit = std::to_string(limit_bytes) + " bytes (resources.limits.memory)";
  if (cgroup == nullptr) {
    return "killed (exit 137, SIGKILL); it has a memory limit of " + limit +
           ", so it was probably killed for using more (ferry could not make a cgroup of its own to tell)";
  }
  if (!cgroup->limit_was_hit()) return "";
  return "OOMKilled: killed (exit 137) for using more memory than its limit of " + limit +
         "; raise resources.limits.memory or make the container use less";
}

}  // namespace ferry::runtime

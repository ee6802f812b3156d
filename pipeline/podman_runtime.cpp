// PodmanRuntime: one `podman run` per container through Boost.Process. Output goes to a private temporary
// file (no pipe, so no reader can deadlock), the deadline is enforced by polling, and an expired container
// is killed by its unique name. Every child is a bp::child, whose destructor kills a still-running process,
// so no child outlives run() on any path. Nothing here logs the arguments: env values may be secret.
#include "pipeline/podman_runtime.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/process.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>

namespace bp = boost::process;

namespace ferry::pipeline {
namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr std::size_t kMaxLogBytes = 1 << 20;  // ContainerExit.log keeps the last 1 MiB
constexpr std::size_t kMaxLabelInName = 40;
constexpr auto kHelperTimeout = 30s;  // for `podman kill` and `podman rm`
constexpr int kKillAttempts = 5;      // `podman kill` tries, a second apart

// A private (0600, close-on-exec) temporary file receiving a child's stdout and stderr; removed when
// destroyed. file() is null when it could not be created.
class TempLog {
 public:
  TempLog() {
    std::string pattern = (std::filesystem::temp_directory_path() / "ferry-podman-XXXXXX.log").string();
    const int fd = ::mkostemps(pattern.data(), 4, O_CLOEXEC);
    if (fd < 0) return;
    path_ = pattern;
    file_ = ::fdopen(fd, "w");
    if (file_ == nullptr) ::close(fd);
  }
  ~TempLog() {
    if (file_ != nullptr) std::fclose(file_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  TempLog(const TempLog&) = delete;
  TempLog& operator=(const TempLog&) = delete;

  FILE* file() const { return file_; }

  // The file's content; only its last kMaxLogBytes, after a note, when it is longer.
  std::string read() const {
    std::ifstream in(path_, std::ios::binary | std::ios::ate);
    const auto size = static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0));
    const std::size_t skip = size > kMaxLogBytes ? size - kMaxLogBytes : 0;
    in.seekg(static_cast<std::streamoff>(skip));
    std::string text(std::istreambuf_iterator<char>(in), {});
    if (skip == 0) return text;
    return "[ferry: log truncated, first " + std::to_string(skip) + " bytes omitted]\n" + text;
  }

 private:
  std::string path_;
  FILE* file_ = nullptr;
};

// Polls until the child has exited (true) or the deadline has passed (false).
bool wait_until(bp::child& child, Clock::time_point deadline) {
  auto pause = 2ms;
  std::error_code ec;
  while (child.running(ec)) {
    const auto now = Clock::now();
    if (now >= deadline) return false;
    std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, 50ms);
  }
  return true;
}

// The shell convention: the exit status, or 128 + signal for a child killed by a signal.
int exit_code_of(const bp::child& child) {
  const int status = child.native_exit_code();
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

// Runs a podman helper command (kill, rm) to completion, discarding its output; failures are ignored.
void run_quietly(const boost::filesystem::path& exe, const std::vector<std::string>& args) {
  std::error_code ec;
  bp::child child(exe, bp::args(args), bp::std_in = bp::null, bp::std_out = bp::null, bp::std_err = bp::null,
                  ec);
  if (!ec) wait_until(child, Clock::now() + kHelperTimeout);
}

// Stops a container that outlived its deadline: kill it by name (again each second, as it may not have
// been started yet) until `podman run` exits, kill `podman run` itself if it will not, then remove
// whatever is left of the container.
void stop_container(const boost::filesystem::path& exe, bp::child& podman_run, const std::string& name) {
  bool exited = false;
  for (int attempt = 0; attempt < kKillAttempts && !exited; ++attempt) {
    run_quietly(exe, {"kill", name});
    exited = wait_until(podman_run, Clock::now() + 1s);
  }
  std::error_code ec;
  if (!exited) podman_run.terminate(ec);
  run_quietly(exe, {"rm", "--force", "--ignore", "--time=0", name});
}

// "ferry-<label with odd characters replaced>-<pid>-<counter>": unique in this process and across
// concurrent ferry processes, and valid as a podman name ([a-zA-Z0-9][a-zA-Z0-9_.-]*).
std::string container_name(const std::string& label) {
  static std::atomic<unsigned long> counter{0};
  std::string safe = label.substr(0, kMaxLabelInName);
  for (char& c : safe) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '.' || c == '-';
    if (!ok) c = '-';
  }
  return "ferry-" + safe + "-" + std::to_string(::getpid()) + "-" + std::to_string(++counter);
}

// One field of podman's comma-separated --mount value, quoted the CSV way when it needs to be.
std::string csv_field(const std::string& field) {
  if (field.find_first_of(",\"\n\r") == std::string::npos) return field;
  std::string quoted = "\"";
  for (char c : field) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string mount_spec(const Mount& mount) {
  std::string spec = "type=bind," + csv_field("source=" + mount.host.string()) + "," +
                     csv_field("target=" + mount.container);
  return mount.read_only ? spec + ",readonly=true" : spec;
}

// A JSON array of strings, the form of --entrypoint that podman takes as an exec vector.
std::string json_array(const std::vector<std::string>& items) {
  std::string json = "[";
  for (const std::string& item : items) {
    if (json.size() > 1) json += ",";
    json += "\"";
    for (const char c : item) {
      if (c == '"' || c == '\\') {
        json += {'\\', c};
      } else if (static_cast<unsigned char>(c) < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
        json += escaped;
      } else {
        json += c;
      }
    }
    json += "\"";
  }
  return json + "]";
}

// What would make podman misread the arguments; empty when they are fine.
std::string argument_problem(const ContainerRun& run) {
  if (run.image.empty() || run.image.front() == '-') return "invalid image name \"" + run.image + "\"";
  for (const EnvVar& var : run.env) {
    if (var.name.empty() || var.name.find('=') != std::string::npos) {
      return "invalid environment variable name \"" + var.name + "\"";
    }
  }
  return {};
}

}  // namespace

std::vector<std::string> PodmanRuntime::arguments_for(const ContainerRun& run,
                                                      const std::string& container_name) const {
  std::vector<std::string> args{"run", "--rm", "--name", container_name, "--network=none", "--pull=never"};
  for (const Mount& mount : run.mounts) args.insert(args.end(), {"--mount", mount_spec(mount)});
  for (const EnvVar& var : run.env) args.insert(args.end(), {"--env", var.name + "=" + var.value});
  if (!run.command.empty()) args.insert(args.end(), {"--entrypoint", json_array(run.command)});
  args.push_back(run.image);
  args.insert(args.end(), run.args.begin(), run.args.end());
  return args;
}

Result<ContainerExit> PodmanRuntime::run(const ContainerRun& run) {
  const std::string install = " (install it with: apt-get install podman)";
  const boost::filesystem::path exe = executable_.find('/') == std::string::npos
                                          ? bp::search_path(executable_)
                                          : boost::filesystem::path(executable_);
  if (exe.empty()) return make_error("cannot run podman: \"" + executable_ + "\" is not on PATH" + install);
  if (std::string problem = argument_problem(run); !problem.empty()) {
    return make_error("cannot run " + run.label + ": " + problem);
  }
  TempLog log;
  if (log.file() == nullptr) {
    return make_error("cannot run podman: cannot create a temporary log file: " +
                      std::string(strerror(errno)));
  }
  const std::string name = container_name(run.label);
  std::error_code ec;
  bp::child podman_run(exe, bp::args(arguments_for(run, name)), bp::std_in = bp::null,
                       (bp::std_out & bp::std_err) = log.file(), ec);
  if (ec) return make_error("cannot run podman: " + exe.string() + ": " + ec.message() + install);

  ContainerExit result;
  if (wait_until(podman_run, Clock::now() + run.timeout)) {
    result.exit_code = exit_code_of(podman_run);
  } else {
    stop_container(exe, podman_run, name);
    result.exit_code = -1;
    result.timed_out = true;
  }
  result.log = log.read();
  return result;
}

}  // namespace ferry::pipeline

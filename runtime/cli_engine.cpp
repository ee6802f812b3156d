// The runtimes' child-process toolkit: a bp::child behind ChildProcess, output in a temporary file (no pipe,
// so no reader can deadlock), deadlines enforced by polling.
#include "runtime/cli_engine.h"

#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "runtime/interrupt.h"

namespace bp = boost::process;

namespace ferry::runtime::cli {
namespace {

using namespace std::chrono_literals;

constexpr std::size_t kMaxLogBytes = 1 << 20;  // LogFile::read keeps the last 1 MiB
constexpr std::size_t kMaxLabelInName = 40;

// Descriptors (pidfds) of a process's own children, closed when destroyed. Killing a process group does not
// wait for its members, and a child of the child (bwrap's sandbox init: the init of a pid namespace, which
// ends only after everything inside it has) may leave the group; these let the killer wait for them all.
class ChildrenOf {
 public:
  explicit ChildrenOf(pid_t pid) {
    std::error_code ec;
    const std::filesystem::path tasks = "/proc/" + std::to_string(pid) + "/task";
    for (const auto& task : std::filesystem::directory_iterator(tasks, ec)) {
      std::ifstream in(task.path() / "children");
      for (pid_t child = 0; in >> child;) {
        if (const int fd = static_cast<int>(::syscall(SYS_pidfd_open, child, 0)); fd >= 0) fds_.push_back(fd);
      }
    }
  }
  ~ChildrenOf() {
    for (const int fd : fds_) ::close(fd);
  }
  ChildrenOf(const ChildrenOf&) = delete;
  ChildrenOf& operator=(const ChildrenOf&) = delete;

  // Until every one has exited, for at most `limit`.
  void wait_for_exit(std::chrono::milliseconds limit) const {
    const auto deadline = Clock::now() + limit;
    for (const int fd : fds_) {
      pollfd exited{fd, POLLIN, 0};
      for (auto left = deadline - Clock::now(); left > 0ms; left = deadline - Clock::now()) {
        const auto wait = std::chrono::ceil<std::chrono::milliseconds>(left);
        if (::poll(&exited, 1, static_cast<int>(wait.count())) >= 0 || errno != EINTR) break;
      }
    }
  }

 private:
  std::vector<int> fds_;
};

constexpr auto kChildrenExitLimit = 10s;  // what a killed process's children get to end

}  // namespace

LogFile::LogFile() {
  std::string pattern = (std::filesystem::temp_directory_path() / "ferry-run-XXXXXX.log").string();
  const int fd = ::mkostemps(pattern.data(), 4, O_CLOEXEC);
  if (fd < 0) return;
  path_ = pattern;
  file_ = ::fdopen(fd, "w");
  if (file_ == nullptr) ::close(fd);
}

LogFile::~LogFile() {
  if (file_ != nullptr) std::fclose(file_);
  if (!path_.empty()) ::unlink(path_.c_str());
}

std::string LogFile::read() const {
  std::ifstream in(path_, std::ios::binary | std::ios::ate);
  const auto size = static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0));
  const std::size_t skip = size > kMaxLogBytes ? size - kMaxLogBytes : 0;
  in.seekg(static_cast<std::streamoff>(skip));
  std::string text(std::istreambuf_iterator<char>(in), {});
  if (skip == 0) return text;
  return "[ferry: log truncated, first " + std::to_string(skip) + " bytes omitted]\n" + text;
}

// The child and, where the kernel has pidfd_open (5.3+), a descriptor that becomes readable when it exits,
// so waiting costs no polling delay; -1 otherwise, and waiting polls.
struct ChildProcess::Impl {
  bp::child child;
  int pidfd = -1;
  ~Impl() {
    kill_group();
    unregister_child(child.id());
    if (pidfd >= 0) ::close(pidfd);
  }  // then bp::child reaps a child still running
  // SIGKILL to the child's process group while the child is not reaped yet (its id is still ours).
  void kill_group() {
    std::error_code ec;
    if (child.valid() && child.running(ec)) ::kill(-child.id(), SIGKILL);
  }
  // Until the child exits, the deadline passes or (when `interruptible`) ferry is interrupted.
  Waited wait(Clock::time_point deadline, bool interruptible);
};

ChildProcess::Waited ChildProcess::Impl::wait(Clock::time_point deadline, bool interruptible) {
  auto pause = 1ms;
  std::error_code ec;
  const int interrupt = interruptible ? interrupt_fd() : -1;
  while (child.running(ec)) {
    if (interruptible && interrupted()) return Waited::interrupted;
    const auto now = Clock::now();
    if (now >= deadline) return Waited::deadline;
    const auto step = std::min<Clock::duration>(pidfd >= 0 ? 100ms : pause, deadline - now);
    if (pidfd >= 0) {
      pollfd fds[2] = {{pidfd, POLLIN, 0}, {interrupt, POLLIN, 0}};  // poll skips a negative fd
      ::poll(fds, 2, static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(step).count()));
    } else {
      std::this_thread::sleep_for(step);
      pause = std::min(pause * 2, 50ms);
    }
  }
  return Waited::exited;
}

ChildProcess::ChildProcess(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ChildProcess::ChildProcess(ChildProcess&&) noexcept = default;
ChildProcess& ChildProcess::operator=(ChildProcess&&) noexcept = default;
ChildProcess::~ChildProcess() = default;

Result<ChildProcess> ChildProcess::start(const std::string& exe, const std::vector<std::string>& args,
                                         FILE* output) {
  return start(exe, args, ChildSetup{nullptr, output, output, {}});
}

Result<ChildProcess> ChildProcess::start(const std::string& exe, const std::vector<std::string>& args,
                                         const ChildSetup& setup) {
  // /dev/null for the streams not given (as bp::null would open it), so one launch serves every setup.
  const std::unique_ptr<FILE, int (*)(FILE*)> null(std::fopen("/dev/null", "r+e"), &std::fclose);
  if (null == nullptr) return make_error(exe + ": cannot open /dev/null");
  const auto stream = [&](FILE* given) { return given != nullptr ? given : null.get(); };
  const std::string directory = setup.directory.string();
  // Its own process group, set in the child before exec (and below in the parent, so no kill races it).
  // vfork: the child borrows ferry's memory until exec, so it does only setpgid, chdir, dup2 and execve; a
  // failed chdir or execve reports through that shared memory (and ends the child, which bp then reaps).
  // fork would copy ferry's page tables on every start.
  auto child_setup = (bp::extend::on_exec_setup = [&directory](auto& exec) {
    ::setpgid(0, 0);
    if (!directory.empty() && ::chdir(directory.c_str()) != 0) {
      exec.set_error(std::error_code(errno, std::system_category()), "chdir failed");
      ::_exit(EXIT_FAILURE);
    }
  });
  std::error_code ec;
  auto impl = std::make_unique<Impl>();
  impl->child = bp::child(exe, bp::args(args), bp::std_in = stream(setup.in), bp::std_out = stream(setup.out),
                          bp::std_err = stream(setup.err), child_setup, bp::posix::use_vfork, ec);
  if (ec) return make_error(exe + ": " + ec.message());
  ::setpgid(impl->child.id(), impl->child.id());
  register_child(impl->child.id());
  impl->pidfd = static_cast<int>(::syscall(SYS_pidfd_open, impl->child.id(), 0));
  return ChildProcess(std::move(impl));
}

bool ChildProcess::wait_until(Clock::time_point deadline) {
  return impl_->wait(deadline, false) == Waited::exited;
}

ChildProcess::Waited ChildProcess::wait_interruptibly(Clock::time_point deadline) {
  return impl_->wait(deadline, true);
}

int ChildProcess::exit_code() const {
  const int status = impl_->child.native_exit_code();
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

int ChildProcess::term_signal() const {
  const int status = impl_->child.native_exit_code();
  return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

void ChildProcess::kill() {
  const ChildrenOf children(impl_->child.id());
  impl_->kill_group();
  std::error_code ec;
  impl_->child.terminate(ec);
  children.wait_for_exit(kChildrenExitLimit);
}

Result<std::string> Tool::locate() const {
  if (executable.find('/') != std::string::npos) return executable;
  const std::string found = bp::search_path(executable).string();
  if (found.empty()) {
    return make_error("cannot run " + what + ": \"" + executable +
                      "\" is not on PATH (install it with: " + "apt-get install " + package + ")");
  }
  return found;
}

Error Tool::failed_start(const Error& error) const {
  return make_error("cannot run " + what + ": " + error.message + " (install it with: apt-get install " +
                    package + ")");
}

Result<Captured> run_captured(const std::string& exe, const std::vector<std::string>& args,
                              std::chrono::milliseconds timeout) {
  LogFile log;
  if (log.file() == nullptr) return make_error("cannot create a temporary log file");
  Result<ChildProcess> child = ChildProcess::start(exe, args, log.file());
  if (!child) return child.error();
  Captured captured;
  if (child->wait_until(Clock::now() + timeout)) {
    captured.exit_code = child->exit_code();
  } else {
    child->kill();
  }
  std::fflush(log.file());
  captured.output = log.read();
  return captured;
}

void run_quietly(const std::string& exe, const std::vector<std::string>& args) {
  Result<ChildProcess> child = ChildProcess::start(exe, args, nullptr);
  if (child) child->wait_until(Clock::now() + 30s);
}

std::string unique_name(const std::string& label) {
  static std::atomic<unsigned long> counter{0};
  std::string safe = label.substr(0, kMaxLabelInName);
  for (char& c : safe) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                    c == '.' || c == '-';
    if (!ok) c = '-';
  }
  return "ferry-" + safe + "-" + std::to_string(::getpid()) + "-" + std::to_string(++counter);
}

std::string json_string(const std::string& text) {
  std::string json = "\"";
  for (const char c : text) {
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
  return json + "\"";
}

std::string json_array(const std::vector<std::string>& items) {
  std::string json = "[";
  for (const std::string& item : items) json += (json.size() > 1 ? "," : "") + json_string(item);
  return json + "]";
}

std::string argument_problem(const ContainerRun& run) {
  if (run.image.empty() || run.image.front() == '-') return "invalid image name \"" + run.image + "\"";
  for (const EnvVar& var : run.env) {
    if (var.name.empty() || var.name.find('=') != std::string::npos) {
      return "invalid environment variable name \"" + var.name + "\"";
    }
  }
  return {};
}

std::string network_namespace_problem(const ContainerRun& run, const std::string& runtime) {
  if (run.network_namespace.empty()) return {};
  return "its Pipeline's platform API (rbac) is served only on --runtime exec, podman and oci so far; "
         "--runtime " +
         runtime + " cannot join the pipeline's network namespace (docs/platform-api.md)";
}

}  // namespace ferry::runtime::cli

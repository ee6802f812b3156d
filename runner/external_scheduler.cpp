// Running an external scheduler. stdin, stdout and stderr are files in a private scratch directory, not
// pipes: nothing can deadlock on a full pipe, and a grandchild keeping a descriptor open cannot stall the
// read. The child runs in its own process group (bp::group), killed whole at the deadline and, by the
// group's and the child's destructors, on every other path.
#include "runner/external_scheduler.h"

#include <sys/wait.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <fstream>
#include <iterator>
#include <thread>

#include "runner/external_scheduler_protocol.h"

namespace bp = boost::process;

namespace ferry::runner {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr std::size_t kMaxAnswerBytes = 16 << 20;
constexpr std::size_t kStderrLines = 10;

// A private temporary directory, removed with its content on destruction.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "ferry-scheduler-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    if (!path_.empty()) fs::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string read_text(const fs::path& path, std::size_t limit) {
  std::ifstream in(path, std::ios::binary);
  std::string text;
  text.resize(limit);
  in.read(text.data(), static_cast<std::streamsize>(limit));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

// The last lines of stderr, joined by " | ", for an exit-status message.
std::string stderr_tail(const fs::path& path) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (!ec && size > 4096) in.seekg(static_cast<std::streamoff>(size - 4096));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  std::string tail;
  const std::size_t first = lines.size() > kStderrLines ? lines.size() - kStderrLines : 0;
  for (std::size_t i = first; i < lines.size(); ++i) tail += (tail.empty() ? "" : " | ") + lines[i];
  return tail.empty() ? "(stderr is empty)" : tail;
}

// Polls until the child exits (true) or the deadline passes (false).
bool wait_until(bp::child& child, Clock::time_point deadline) {
  auto pause = 1ms;
  std::error_code ec;
  while (child.running(ec)) {
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::min<Clock::duration>(pause, deadline - Clock::now()));
    pause = std::min(pause * 2, 20ms);
  }
  return true;
}

Status check_exit(const bp::child& child, const fs::path& stderr_path) {
  const int status = child.native_exit_code();
  if (WIFSIGNALED(status)) return make_error("was killed by signal " + std::to_string(WTERMSIG(status)));
  if (WEXITSTATUS(status) == 0) return ok();
  return make_error("exited with status " + std::to_string(WEXITSTATUS(status)) + ": " +
                    stderr_tail(stderr_path));
}

Result<std::string> run_child(const fs::path& executable, const fs::path& scratch,
                              const fs::path& working_directory, std::chrono::milliseconds timeout) {
  std::error_code ec;
  bp::group group;
  const std::string in = (scratch / "stdin.json").string();
  const std::string out = (scratch / "stdout").string();
  const std::string err = (scratch / "stderr").string();
  // vfork, as the containers' starts (pipeline/cli_engine.cpp): fork would copy ferry's page tables.
  bp::child child(executable.string(), (bp::std_in < in), (bp::std_out > out), (bp::std_err > err),
                  bp::start_dir = working_directory.string(), group, bp::posix::use_vfork, ec);
  if (ec) return make_error("cannot start: " + ec.message());
  if (!wait_until(child, Clock::now() + timeout)) {
    group.terminate(ec);
    child.wait(ec);
    return make_error("did not answer within " + std::to_string(timeout.count()) + " ms and was killed");
  }
  if (Status exited = check_exit(child, scratch / "stderr"); !exited) return exited.error();
  if (fs::file_size(scratch / "stdout", ec) > kMaxAnswerBytes) {
    return make_error("answered more than " + std::to_string(kMaxAnswerBytes >> 20) + " MiB");
  }
  return read_text(scratch / "stdout", kMaxAnswerBytes);
}

bool escapes(const fs::path& relative) {
  for (const fs::path& part : relative) {
    if (part == "..") return true;
  }
  return false;
}

}  // namespace

Result<fs::path> resolve_scheduler(const std::string& scheduler_name, const fs::path& platform_root) {
  const std::string quoted = "schedulerName \"" + scheduler_name + "\"";
  if (scheduler_name.empty()) return make_error("schedulerName is empty");
  const fs::path relative = scheduler_name.find('/') != std::string::npos
                                ? fs::path(scheduler_name)
                                : fs::path("schedulers") / scheduler_name;
  if (relative.is_absolute() || escapes(relative)) {
    return make_error(quoted + " must be a path inside the platform directory (no leading '/', no \"..\")");
  }
  const fs::path full = platform_root / relative;
  std::error_code ec;
  const fs::file_status status = fs::status(full, ec);
  if (!fs::exists(status)) {
    return make_error(quoted + ": " + relative.string() + " does not exist in the platform directory");
  }
  if (!fs::is_regular_file(status)) return make_error(quoted + ": " + relative.string() + " is not a file");
  if (::access(full.c_str(), X_OK) != 0) {
    return make_error(quoted + ": " + relative.string() + " is not executable (chmod +x it)");
  }
  return fs::absolute(full, ec);
}

Result<SchedulerOutput> run_external_scheduler(const fs::path& executable, const SchedulerInput& input,
                                               const fs::path& working_directory,
                                               std::chrono::milliseconds timeout) {
  const std::string who = "external scheduler " + executable.string() + " ";
  ScratchDir scratch;
  if (scratch.path().empty()) return make_error(who + "cannot run: no temporary directory");
  std::ofstream stdin_file(scratch.path() / "stdin.json", std::ios::binary);
  if (!(stdin_file << encode_scheduler_input(input)).flush()) {
    return make_error(who + "cannot run: cannot write its input");
  }
  stdin_file.close();
  auto answer = run_child(executable, scratch.path(), working_directory, timeout);
  if (!answer) return make_error(who + answer.error().message);
  auto output = decode_scheduler_output(*answer, input);
  if (!output) return make_error(who + output.error().message);
  return output;
}

}  // namespace ferry::runner

// Running an external scheduler, through pipeline/'s child-process runner (runtime/cli_engine.h): the child
// leads its own process group, killed whole at the deadline, when ferry is interrupted (Ctrl-C, SIGTERM:
// runtime/interrupt.h) and, by ChildProcess's destructor, on every other path. stdin, stdout and stderr
// are files in a private scratch directory, not pipes: nothing can deadlock on a full pipe, and a
// grandchild keeping a descriptor open cannot stall the read.
#include "placement/external_scheduler.h"

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <system_error>

#include "core/scratch_directory.h"
#include "placement/external_scheduler_protocol.h"
#include "runtime/cli_engine.h"

namespace ferry::runner {

namespace {

namespace cli = runtime::cli;
namespace fs = std::filesystem;

constexpr std::size_t kMaxAnswerBytes = 16 << 20;
constexpr std::size_t kStderrLines = 10;

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

Status check_exit(const cli::ChildProcess& child, const fs::path& stderr_path) {
  if (const int signal = child.term_signal(); signal != 0) {
    return make_error("was killed by signal " + std::to_string(signal));
  }
  if (child.exit_code() == 0) return ok();
  return make_error("exited with status " + std::to_string(child.exit_code()) + ": " +
                    stderr_tail(stderr_path));
}

// A file of the scratch directory, opened close-on-exec (the child gets only its dup2 copy); closed when
// destroyed. The Error reads "cannot start: <reason>".
using File = std::unique_ptr<FILE, int (*)(FILE*)>;
Result<File> open_file(const fs::path& path, const char* mode) {
  FILE* file = std::fopen(path.c_str(), mode);
  if (file == nullptr) return make_error("cannot start: " + std::generic_category().message(errno));
  return File(file, &std::fclose);
}

// Starts the scheduler on the scratch directory's stdin.json, stdout and stderr. The errors read "cannot
// start: <reason>".
Result<cli::ChildProcess> start_child(const fs::path& executable, const fs::path& scratch,
                                      const fs::path& working_directory) {
  auto in = open_file(scratch / "stdin.json", "rbe");
  if (!in) return in.error();
  auto out = open_file(scratch / "stdout", "wbe");
  if (!out) return out.error();
  auto err = open_file(scratch / "stderr", "wbe");
  if (!err) return err.error();
  const std::string exe = executable.string();
  auto child = cli::ChildProcess::start(exe, {}, {in->get(), out->get(), err->get(), working_directory});
  if (child) return child;
  // ChildProcess's Error reads "<exe>: <reason>"; the caller names the executable already.
  const std::string& message = child.error().message;
  const std::string prefix = exe + ": ";
  return make_error("cannot start: " +
                    (message.starts_with(prefix) ? message.substr(prefix.size()) : message));
}

Result<std::string> run_child(const fs::path& executable, const fs::path& scratch,
                              const fs::path& working_directory, std::chrono::milliseconds timeout) {
  auto child = start_child(executable, scratch, working_directory);
  if (!child) return child.error();
  const cli::Outcome outcome = cli::wait_or_stop(*child, timeout, [&] { child->kill(); });
  if (outcome.interrupted) return make_error("was stopped: ferry was interrupted");
  if (outcome.timed_out) {
    return make_error("did not answer within " + std::to_string(timeout.count()) + " ms and was killed");
  }
  if (Status exited = check_exit(*child, scratch / "stderr"); !exited) return exited.error();
  std::error_code ec;
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
  std::error_code ignored;
  const std::optional<ScratchDirectory> scratch = ScratchDirectory::create({}, "ferry-scheduler-", ignored);
  if (!scratch) return make_error(who + "cannot run: no temporary directory");
  std::ofstream stdin_file(scratch->path() / "stdin.json", std::ios::binary);
  if (!(stdin_file << encode_scheduler_input(input)).flush()) {
    return make_error(who + "cannot run: cannot write its input");
  }
  stdin_file.close();
  auto answer = run_child(executable, scratch->path(), working_directory, timeout);
  if (!answer) return make_error(who + answer.error().message);
  auto output = decode_scheduler_output(*answer, input);
  if (!output) return make_error(who + output.error().message);
  return output;
}

}  // namespace ferry::runner

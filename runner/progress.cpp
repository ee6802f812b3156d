#include "runner/progress.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "runner/logging.h"

namespace ferry::runner {
namespace {

constexpr auto kRedrawInterval = std::chrono::milliseconds(200);
constexpr const char* kEraseLine = "\r\033[K";

void write_stderr(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stderr);
}

}  // namespace

bool progress_wanted(bool stderr_is_terminal, const char* github_actions, LogFormat log_format) {
  return stderr_is_terminal && (github_actions == nullptr || std::string_view(github_actions) != "true") &&
         log_format == LogFormat::text;
}

bool progress_wanted() {
  return progress_wanted(::isatty(STDERR_FILENO) == 1, std::getenv("GITHUB_ACTIONS"), current_log_format());
}

Progress::Progress(bool draw) {
  if (draw) redraw_ = std::thread([this] { redraw_until_stopped(); });
}

Progress::~Progress() {
  if (!redraw_.joinable()) return;
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  stop_requested_.notify_all();
  redraw_.join();
}

std::string Progress::line() const {
  const int running = running_.load();
  return std::to_string(done_.load()) + "/" + std::to_string(total_.load()) + " objects done, " +
         std::to_string(running) + (running == 1 ? " container" : " containers") + " running";
}

void Progress::redraw_until_stopped() {
  std::unique_lock lock(mutex_);
  do {
    write_stderr(std::string(kEraseLine) + "ferry: " + line());
    set_progress_line_shown(true);
  } while (!stop_requested_.wait_for(lock, kRedrawInterval, [this] { return stopping_; }));
  write_stderr(kEraseLine);
  set_progress_line_shown(false);
}

Result<runtime::ContainerExit> ProgressRuntime::run(const runtime::ContainerRun& run) {
  progress_.container_started();
  auto exit = inner_.run(run);
  progress_.container_finished();
  return exit;
}

}  // namespace ferry::runner

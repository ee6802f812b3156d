// The live progress line of a run on a terminal, redrawn in place on stderr:
//   ferry: 12/300 objects done, 2 containers running
// Only when stderr is a terminal, outside GitHub Actions and with text logs (progress_wanted()); otherwise
// nothing is drawn and the plain log lines are all there is. Log lines erase the line before they print
// (logging.cpp) and the next redraw brings it back.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "run/progress_counter.h"
#include "runner/logging.h"
#include "runtime/runtime.h"

namespace ferry::runner {

// stderr is a terminal, GITHUB_ACTIONS is not "true", and the log is text.
bool progress_wanted();
// The same decision from its inputs (`github_actions` is the variable's value, null when unset).
bool progress_wanted(bool stderr_is_terminal, const char* github_actions, LogFormat log_format);

class Progress : public ProgressCounter {
 public:
  explicit Progress(bool draw);  // draw: start the redraw thread (every 200 ms)
  ~Progress();                   // stops it and erases the line
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void set_total(std::size_t objects) override { total_ = objects; }
  void object_done() override { ++done_; }
  void container_started() { ++running_; }
  void container_finished() { --running_; }
  std::string line() const;  // "12/300 objects done, 2 containers running"

 private:
  void redraw_until_stopped();

  std::atomic<std::size_t> total_{0};
  std::atomic<std::size_t> done_{0};
  std::atomic<int> running_{0};
  std::mutex mutex_;
  std::condition_variable stop_requested_;
  bool stopping_ = false;
  std::thread redraw_;
};

// A ContainerRuntime that counts its running containers in a Progress.
class ProgressRuntime : public runtime::ContainerRuntime {
 public:
  ProgressRuntime(runtime::ContainerRuntime& inner, Progress& progress)
      : inner_(inner), progress_(progress) {}
  std::string name() const override { return inner_.name(); }
  Result<runtime::ContainerExit> run(const runtime::ContainerRun& run) override;
  Result<std::string> image_digest(const std::string& image) override { return inner_.image_digest(image); }

 private:
  runtime::ContainerRuntime& inner_;
  Progress& progress_;
};

}  // namespace ferry::runner

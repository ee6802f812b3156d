// Runs "containers" without a container engine: each image stands for a host command, named in an image
// map (ferry-exec.yaml), run in a bubblewrap sandbox that shows the host's files read-only, with a private
// /dev, /proc and /tmp, no network (or the network namespace the run joins: exec_network.h), and the run's
// mounts at their container paths, so unchanged pipeline scripts find /kratix/input, /kratix/output and
// /kratix/metadata.
//
// ferry-exec.yaml:
//   images:
//     localhost/ferry-fixtures/redis-configure:dev: [/bin/sh, ../images/redis-configure/redis-configure.sh]
//     example.com/tool:1: /usr/local/bin/tool      # a string is a one-word command
// A word beginning with "./" or "../" is a path relative to the directory of the file.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::runtime {

struct ExecConfig {
  std::map<std::string, std::vector<std::string>> images;  // image -> host command, paths resolved
  std::string file;                                        // where it was read, for messages
};

// Parses the image map; `file` names it in errors (file:line:column) and anchors relative paths.
Result<ExecConfig> parse_exec_config(const std::string& text, const std::filesystem::path& file);
// Reads and parses the file.
Result<ExecConfig> load_exec_config(const std::filesystem::path& file);

class ExecRuntime : public ContainerRuntime {
 public:
  explicit ExecRuntime(ExecConfig config, std::string bwrap = "bwrap")
      : config_(std::move(config)), bwrap_(std::move(bwrap)) {}
  std::string name() const override { return "exec"; }
  // The image's host command, or the run's command when it has one (the image must be mapped all the
  // same), then the run's args. An unmapped image is an Error.
  Result<ContainerExit> run(const ContainerRun& run) override;
  // A SHA-256 of the mapped command's words and of the bytes of every word that names a file (the
  // executable, a script): editing the script changes it. Files those read in turn are not seen.
  Result<std::string> image_digest(const std::string& image) override;

  // The bwrap arguments (without the executable), exposed so tests can pin them. `host_root` is listed
  // to bind its entries one by one (the sandbox root is bwrap's own, so new directories like /kratix can
  // be created in it before it is made read-only).
  Result<std::vector<std::string>> arguments_for(const ContainerRun& run,
                                                 const std::filesystem::path& host_root = "/") const;

 private:
  ExecConfig config_;
  std::string bwrap_;
  std::mutex digests_mutex_;
  std::map<std::string, std::string> digests_;  // by image, for the life of the runtime
};

}  // namespace ferry::runtime

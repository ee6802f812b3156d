// ExecRuntime: one `bwrap ... -- <host command>` per container. The sandbox's root is bwrap's own tmpfs
// holding read-only binds of the host's top-level entries (so /kratix can be created beside them), made
// read-only once the run's mounts are in place. On time-out or interrupt (runtime/interrupt.h) bwrap's
// process group is killed; --die-with-parent and the new pid namespace take everything inside with it. A run
// that joins a network namespace starts bwrap through nsenter (exec_network.h).
#include "runtime/exec_runtime.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "core/sha256.h"
#include "core/yaml_document.h"
#include "runtime/cli_engine.h"
#include "runtime/exec_limits.h"
#include "runtime/exec_network.h"
#include "runtime/interrupt.h"
#include "runtime/memory_cgroup.h"
#include "runtime/run_as.h"

namespace ferry::runtime {
namespace {

namespace fs = std::filesystem;
constexpr const char* kPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

// A word beginning with "./" or "../" as a path relative to `dir`; other words unchanged.
std::string resolve(const std::string& word, const fs::path& dir) {
  if (!word.starts_with("./") && !word.starts_with("../")) return word;
  return (dir / word).lexically_normal().string();
}

// One entry of `images`: a string or a non-empty list of strings.
Result<std::vector<std::string>> host_command(const YAML::Node& images, const std::string& image,
                                              const std::string& file) {
  const std::string path = "images." + image;
  const YAML::Node value = images[image];
  Result<std::vector<std::string>> words = std::vector<std::string>{};
  if (value.IsScalar()) {
    words = std::vector<std::string>{value.Scalar()};
  } else if (value.IsSequence()) {
    words = optional_strings(images, image.c_str(), path, file);
  } else {
    return make_error(
        location_of(value, file),
        "\"" + path + "\" must be a string or a list of strings, found " + describe_node_type(value));
  }
  if (words && (words->empty() || words->front().empty())) {
    return make_error(location_of(value, file), "\"" + path + "\" must name a host command");
  }
  return words;
}

// The top-level directories of the run's mount targets: hidden from the host so bwrap can create them.
std::set<std::string> mount_roots(const ContainerRun& run) {
  std::set<std::string> roots{"dev", "proc", "tmp"};
  for (const Mount& m : run.mounts) {
    const fs::path target(m.container);
    auto first = target.begin();
    if (first != target.end() && ++first != target.end()) roots.insert(first->string());
  }
  return roots;
}

}  // namespace

Result<ExecConfig> parse_exec_config(const std::string& text, const fs::path& file) {
  Result<std::vector<YamlDocument>> documents = parse_yaml_stream(text, file.string());
  if (!documents) return documents.error();
  const YAML::Node root = documents->empty() ? YAML::Node() : documents->front().node;
  if (!documents->empty() && !root.IsMap()) {
    return make_error(location_of(root, file.string()),
                      "the image map must be a map, found " + describe_node_type(root));
  }
  Result<YAML::Node> images = required_map(root, "images", "images", file.string());
  if (!images) return images.error();
  const fs::path dir = fs::absolute(file).parent_path();
  ExecConfig config{{}, file.string()};
  for (const auto& entry : *images) {
    const std::string image = entry.first.Scalar();
    Result<std::vector<std::string>> words = host_command(*images, image, file.string());
    if (!words) return words.error();
    for (std::string& word : *words) word = resolve(word, dir);
    config.images[image] = std::move(*words);
  }
  return config;
}

Result<ExecConfig> load_exec_config(const fs::path& file) {
  std::ifstream in(file);
  if (!in) {
    return make_error(SourceLocation{file.string(), 0, 0},
                      "cannot read the exec runtime's image map: " + std::string(strerror(errno)));
  }
  std::stringstream text;
  text << in.rdbuf();
  return parse_exec_config(text.str(), file);
}

Result<std::vector<std::string>> ExecRuntime::arguments_for(const ContainerRun& run,
                                                            const fs::path& host_root) const {
  const auto mapped = config_.images.find(run.image);
  if (mapped == config_.images.end()) {
    return make_error("cannot run " + run.label + ": image \"" + run.image + "\" is not in " + config_.file +
                      "; add it under \"images\"");
  }
  std::vector<std::string> args{"--die-with-parent", "--new-session"};
  const std::vector<std::string> network = exec_network_arguments(run);
  args.insert(args.end(), network.begin(), network.end());
  args.insert(args.end(),
              {"--unshare-pid", "--unshare-ipc", "--unshare-uts", "--clearenv", "--setenv", "PATH", kPath});
  const std::vector<std::string> caps = exec_capability_arguments(run);
  args.insert(args.end(), caps.begin(), caps.end());
  for (const EnvVar& var : run.env) args.insert(args.end(), {"--setenv", var.name, var.value});
  std::vector<fs::path> entries;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(host_root, ec))
    entries.push_back(entry.path());
  std::sort(entries.begin(), entries.end());
  const std::set<std::string> hidden = mount_roots(run);
  for (const fs::path& entry : entries) {
    const std::string target = "/" + entry.filename().string();
    if (hidden.contains(entry.filename().string())) continue;
    if (fs::is_symlink(entry, ec)) {
      args.insert(args.end(), {"--symlink", fs::read_symlink(entry, ec).string(), target});
    } else {
      args.insert(args.end(), {"--ro-bind", entry.string(), target});
    }
  }
  const bool privileged = run.security && run.security->privileged == true;
  const bool read_only = run.security && run.security->read_only_root_filesystem == true;
  args.insert(args.end(), {privileged ? "--dev-bind" : "--dev", "/dev", "--proc", "/proc"});
  args.insert(args.end(), {read_only ? "--dir" : "--tmpfs", "/tmp"});  // readOnlyRootFilesystem: /tmp too
  const std::vector<std::string>& command = run.command.empty() ? mapped->second : run.command;
  for (const std::string& word : command) {  // the fresh /tmp must not hide the command's own files
    if (word.starts_with("/tmp/")) args.insert(args.end(), {"--ro-bind", word, word});
  }
  const std::vector<std::string> parents = exec_mount_parents(run);
  args.insert(args.end(), parents.begin(), parents.end());
  for (const Mount& m : run.mounts) {
    args.insert(args.end(), {m.read_only ? "--ro-bind" : "--bind", m.host.string(), m.container});
  }
  args.insert(args.end(), {"--remount-ro", "/", "--chdir", "/", "--"});
  std::vector<std::string> user;
  if (run.security && (run.security->run_as_user || run.security->run_as_group)) {
    Result<std::string> setpriv = cli::Tool{"setpriv", "setpriv", "util-linux"}.locate();
    if (!setpriv) return setpriv.error();
    user = exec_user_prefix(run, *setpriv, ::getuid());
  }
  args.insert(args.end(), user.begin(), user.end());
  args.insert(args.end(), command.begin(), command.end());
  args.insert(args.end(), run.args.begin(), run.args.end());
  return args;
}

Result<std::string> ExecRuntime::image_digest(const std::string& image) {
  std::lock_guard lock(digests_mutex_);
  if (auto known = digests_.find(image); known != digests_.end()) return known->second;
  const auto mapped = config_.images.find(image);
  if (mapped == config_.images.end()) return make_error("image \"" + image + "\" is not in " + config_.file);
  std::string material;
  for (const std::string& word : mapped->second) {
    material += std::to_string(word.size()) + ":" + word + ";";
    std::error_code ec;
    if (!fs::is_regular_file(word, ec)) continue;
    std::ifstream in(word, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (!in) return make_error("cannot read " + word + " (image \"" + image + "\")");
    material += "file " + sha256_hex(bytes.str()) + ";";
  }
  return digests_[image] = "sha256:" + sha256_hex(material);
}

namespace {

// bwrap binds the host's top-level directories recursively (/var with the engines' overlay mounts under it).
// A mount that docker or podman adds or removes there at that moment makes bwrap's remount of the submounts
// fail with EINVAL, and bwrap exits 1 before the command starts. Such a start is tried again, at most
// kSandboxSetupAttempts times in all: the command never ran, so nothing is done twice.
constexpr int kSandboxSetupAttempts = 3;

bool failed_in_sandbox_setup(const cli::Outcome& outcome, const std::string& log) {
  return !outcome.timed_out && outcome.exit_code == 1 && log.starts_with("bwrap: Can't bind mount ") &&
         log.find("Unable to apply mount flags") != std::string::npos;
}

}  // namespace

Result<ContainerExit> ExecRuntime::run(const ContainerRun& run) {
  const cli::Tool tool{"bwrap", bwrap_, "bubblewrap"};
  Result<std::string> bwrap = tool.locate();
  if (!bwrap) return bwrap.error();
  if (std::string problem = cli::argument_problem(run); !problem.empty()) {
    return make_error("cannot run " + run.label + ": " + problem);
  }
  if (std::string problem = non_root_problem(run.security, std::to_string(::getuid())); !problem.empty()) {
    return make_error(run.security->where, "cannot run " + run.label + ": " + problem);
  }
  Result<std::vector<std::string>> args = arguments_for(run);
  if (!args) return args.error();
  std::string exe = *bwrap;
  if (!run.network_namespace.empty()) {  // bwrap started inside the namespace (exec_network.h)
    Result<std::string> nsenter = cli::Tool{"nsenter", "nsenter", "util-linux"}.locate();
    if (!nsenter) return nsenter.error();
    args = in_network_namespace(run.network_namespace, exe, *args);
    exe = *nsenter;
  }
  std::unique_ptr<MemoryCgroup> cgroup;
  if (const auto& memory = run.resources.limits.memory_bytes) {
    auto made = MemoryCgroup::create(cli::unique_name(run.label), *memory);
    if (!made) {
      return make_error("cannot run " + run.label + " with resources.limits.memory on the exec runtime: " +
                        made.error().message + " (run ferry as root, or use --runtime podman or oci)");
    }
    cgroup = std::move(*made);
    args = in_cgroup(cgroup->procs_file(), exe, *args);
    exe = "/bin/sh";
  }
  for (int attempt = 1;; ++attempt) {
    if (interrupted()) return ContainerExit{-1, true, "not started: ferry was interrupted\n"};
    cli::LogFile log;
    if (log.file() == nullptr) return make_error("cannot run exec: cannot create a temporary log file");
    Result<cli::ChildProcess> sandbox = cli::ChildProcess::start(exe, *args, log.file());
    if (!sandbox) return tool.failed_start(sandbox.error());

    const cli::Outcome outcome = cli::wait_or_stop(*sandbox, run.timeout, [&] { sandbox->kill(); });
    std::string text = log.read();
    if (attempt < kSandboxSetupAttempts && failed_in_sandbox_setup(outcome, text)) continue;
    ContainerExit exit{outcome.exit_code, outcome.timed_out, std::move(text)};
    if (cgroup) {
      exit.reason = out_of_memory_message(exit.exit_code, exit.timed_out, *run.resources.limits.memory_bytes,
                                          cgroup.get());
    }
    return exit;
  }
}

}  // namespace ferry::runtime

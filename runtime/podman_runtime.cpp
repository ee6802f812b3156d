// CliEngineRuntime: one `<engine> run` per container. Output goes to a private temporary file, the deadline
// is enforced by polling, and an expired container is killed by its unique name. Every child is a
// cli::ChildProcess, so no child outlives run() on any path.
#include "runtime/podman_runtime.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include "core/message_text.h"
#include "runtime/cli_engine.h"
#include "runtime/engine_limits.h"
#include "runtime/memory_cgroup.h"
#include "runtime/run_as.h"

namespace ferry::runtime {
namespace {

using namespace std::chrono_literals;
constexpr int kEngineKillAttempts = 5;  // `<engine> kill` tries, a second apart

// One field of the comma-separated --mount value, quoted the CSV way when it needs to be.
std::string csv_field(const std::string& field) {
  if (field.find_first_of(",\"\n\r") == std::string::npos) return field;
  std::string quoted = "\"";
  for (char c : field) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// imagePullPolicy as `--pull`, which podman and docker (20.10 and later) spell alike.
const char* pull_flag(PullPolicy policy) {
  switch (policy) {
    case PullPolicy::always:
      return "--pull=always";
    case PullPolicy::never:
      return "--pull=never";
    case PullPolicy::if_not_present:
      break;
  }
  return "--pull=missing";
}

// An engine's own failure (exit 125 from both) on an image that is still not there (never pulled, or the
// pull failed) reads as its own error, naming the image and what to do, rather than as a container that
// exited 125 with a pull log.
bool missing_image(const std::string& exe, const ContainerRun& run, const cli::Outcome& outcome) {
  if (outcome.timed_out || outcome.exit_code != 125) return false;
  const Result<cli::Captured> inspect = cli::run_captured(exe, {"image", "inspect", run.image});
  return inspect && inspect->exit_code != 0 && inspect->exit_code != -1;
}

std::string mount_spec(const Mount& mount) {
  std::string spec = "type=bind," + csv_field("source=" + mount.host.string()) + "," +
                     csv_field("target=" + mount.container);
  return mount.read_only ? spec + ",readonly=true" : spec;
}

// The imagePullSecrets' docker config (pull_auth.h), as the engine reads it; `args` starts with "run".
void add_registry_auth(const CliEngine& engine, const std::filesystem::path& dir,
                       std::vector<std::string>& args) {
  if (dir.empty()) return;
  if (engine.auth_as_config_dir) {
    args.insert(args.begin(), {"--config", dir.string()});
  } else {
    args.insert(args.end(), {"--authfile", (dir / "config.json").string()});
  }
}

// Stops a container that outlived its deadline: kill it by name (again each second, as it may not have
// been started yet) until `<engine> run` exits, kill `<engine> run` itself if it will not, then remove
// whatever is left of the container.
void stop_container(const std::string& exe, const CliEngine& engine, cli::ChildProcess& engine_run,
                    const std::string& name) {
  bool exited = false;
  for (int attempt = 0; attempt < kEngineKillAttempts && !exited; ++attempt) {
    cli::run_quietly(exe, {"kill", name});
    exited = engine_run.wait_until(cli::Clock::now() + 1s);
  }
  if (!exited) engine_run.kill();
  std::vector<std::string> remove = engine.remove;
  remove.push_back(name);
  cli::run_quietly(exe, remove);
}

// Each line of `text` on a line of its own, indented under the message.
std::string indented_lines(const std::string& text) {
  std::string out;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    out += "\n  " + text.substr(start, end - start);
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string missing_image_message(const std::string& engine, const std::string& image, PullPolicy policy,
                                  const std::string& pull_log) {
  std::string text = "image " + image + " not found locally (in " + engine +
                     "'s images); build or load it (" + engine + " build -t " + image + " DIR, or " + engine +
                     " load -i FILE)";
  if (policy == PullPolicy::never) return text + "; its imagePullPolicy is Never, so it is not pulled";
  return text + ", or make it pullable; pulling it failed:" + indented_lines(last_lines(pull_log, 3));
}

PodmanRuntime::PodmanRuntime(std::string executable)
    : CliEngineRuntime(CliEngine{"podman",
                                 "podman",
                                 true,
                                 {"rm", "--force", "--ignore", "--time=0"},
                                 false,
                                 "",
                                 {"--cgroup-manager=cgroupfs"},
                                 true},
                       std::move(executable)) {}

std::vector<std::string> CliEngineRuntime::arguments_for(const ContainerRun& run,
                                                         const std::string& container_name,
                                                         const std::string& image_user,
                                                         const std::string& cgroup_parent) const {
  std::vector<std::string> args{"run", "--rm", "--name", container_name};
  add_registry_auth(engine_, run.registry_auth_dir, args);
  if (!run.network_namespace.empty()) {
    args.push_back("--network=ns:" + run.network_namespace);  // that namespace's interfaces only
  } else if (!run.network) {
    args.push_back("--network=none");  // else the engine's default network
  }
  args.push_back(pull_flag(run.pull_policy));
  const std::vector<std::string> limits =
      engine_limit_arguments(run, image_user, cgroup_parent, engine_.json_entrypoint);
  args.insert(args.end(), limits.begin(), limits.end());
  for (const Mount& mount : run.mounts) args.insert(args.end(), {"--mount", mount_spec(mount)});
  for (const EnvVar& var : run.env) args.insert(args.end(), {"--env", var.name + "=" + var.value});
  if (!run.command.empty() && engine_.json_entrypoint) {
    args.insert(args.end(), {"--entrypoint", cli::json_array(run.command)});
  } else if (!run.command.empty()) {
    args.insert(args.end(), {"--entrypoint", run.command.front()});
  }
  args.push_back(run.image);
  if (!run.command.empty() && !engine_.json_entrypoint) {
    args.insert(args.end(), run.command.begin() + 1, run.command.end());
  }
  args.insert(args.end(), run.args.begin(), run.args.end());
  return args;
}

Result<std::string> CliEngineRuntime::image_digest(const std::string& image) {
  std::lock_guard lock(digests_mutex_);
  if (auto known = digests_.find(image); known != digests_.end()) return known->second;
  const cli::Tool tool{engine_.name, executable_, engine_.package};
  Result<std::string> exe = tool.locate();
  if (!exe) return exe.error();
  Result<cli::Captured> inspect = cli::run_captured(*exe, {"image", "inspect", "--format", "{{.Id}}", image});
  if (!inspect) return tool.failed_start(inspect.error());
  const std::string id = inspect->output.substr(0, inspect->output.find('\n'));
  if (inspect->exit_code != 0 || id.empty()) {
    return make_error(engine_.name + " does not know image " + image + ": " + inspect->output);
  }
  return digests_[image] = id;
}

Result<ContainerExit> CliEngineRuntime::run(const ContainerRun& run) {
  const cli::Tool tool{engine_.name, executable_, engine_.package};
  Result<std::string> exe = tool.locate();
  if (!exe) return exe.error();
  if (std::string problem = cli::argument_problem(run); !problem.empty()) {
    return make_error("cannot run " + run.label + ": " + problem);
  }
  if (std::string problem =
          engine_.joins_network_namespaces ? "" : cli::network_namespace_problem(run, engine_.name);
      !problem.empty()) {
    return make_error("cannot run " + run.label + ": " + problem);
  }
  cli::LogFile log;
  if (log.file() == nullptr) {
    return make_error("cannot run " + engine_.name +
                      ": cannot create a temporary log file: " + std::string(strerror(errno)));
  }
  Result<std::string> image_user = std::string();
  if (needs_image_user(run.security)) image_user = this->image_user(*exe, run.image);
  if (!image_user) return image_user.error();
  if (std::string problem = non_root_problem(run.security, *image_user); !problem.empty()) {
    return make_error(run.security->where, "cannot run " + run.label + ": " + problem);
  }
  const std::string name = cli::unique_name(run.label);
  std::unique_ptr<MemoryCgroup> cgroup;
  const bool forces_cgroupfs = !engine_.cgroupfs_manager.empty();
  if (const auto& memory = run.resources.limits.memory_bytes;
      memory && (forces_cgroupfs || uses_cgroupfs(*exe))) {
    if (auto made = MemoryCgroup::create(name, *memory)) cgroup = std::move(*made);
  }
  std::vector<std::string> args = arguments_for(run, name, *image_user, cgroup ? cgroup->path() : "");
  if (cgroup && forces_cgroupfs)
    args.insert(args.begin(), engine_.cgroupfs_manager.begin(), engine_.cgroupfs_manager.end());
  Result<cli::ChildProcess> engine_run = cli::ChildProcess::start(*exe, args, log.file());
  if (!engine_run) return tool.failed_start(engine_run.error());

  const cli::Outcome outcome =
      cli::wait_or_stop(*engine_run, run.timeout, [&] { stop_container(*exe, engine_, *engine_run, name); });
  if (missing_image(*exe, run, outcome)) {
    return make_error(missing_image_message(engine_.name, run.image, run.pull_policy,
                                            run.pull_policy == PullPolicy::never ? "" : log.read()));
  }
  ContainerExit exit{outcome.exit_code, outcome.timed_out, log.read()};
  if (const auto& memory = run.resources.limits.memory_bytes) {
    exit.reason = out_of_memory_message(exit.exit_code, exit.timed_out, *memory, cgroup.get());
  }
  return exit;
}

bool CliEngineRuntime::uses_cgroupfs(const std::string& exe) {
  std::lock_guard lock(digests_mutex_);
  if (!cgroupfs_) {
    const Result<cli::Captured> info =
        cli::run_captured(exe, {"info", "--format", engine_.cgroup_driver_format});
    cgroupfs_ = info && info->exit_code == 0 && info->output.starts_with("cgroupfs");
  }
  return *cgroupfs_;
}

Result<std::string> CliEngineRuntime::image_user(const std::string& exe, const std::string& image) const {
  Result<cli::Captured> inspect =
      cli::run_captured(exe, {"image", "inspect", "--format", "{{.Config.User}}", image});
  if (!inspect) return inspect.error();
  if (inspect->exit_code != 0) {
    return make_error("cannot check runAsNonRoot or runAsGroup of image " + image + ": " + engine_.name +
                      " does not have it locally (pull it first): " + last_lines(inspect->output, 3));
  }
  return inspect->output.substr(0, inspect->output.find('\n'));
}

}  // namespace ferry::runtime

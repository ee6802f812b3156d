// CliEngineRuntime: one `<engine> run` per container. Output goes to a private temporary file, the deadline
// is enforced by polling, and an expired container is killed by its unique name. Every child is a
// cli::ChildProcess, so no child outlives run() on any path.
#include "pipeline/podman_runtime.h"

#include <cerrno>
#include <cstring>
#include <thread>

#include "pipeline/cli_engine.h"

namespace ferry::pipeline {
namespace {

using namespace std::chrono_literals;
constexpr int kKillAttempts = 5;  // `<engine> kill` tries, a second apart

// One field of the comma-separated --mount value, quoted the CSV way when it needs to be.
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

// Stops a container that outlived its deadline: kill it by name (again each second, as it may not have
// been started yet) until `<engine> run` exits, kill `<engine> run` itself if it will not, then remove
// whatever is left of the container.
void stop_container(const std::string& exe, const CliEngine& engine, cli::ChildProcess& engine_run,
                    const std::string& name) {
  bool exited = false;
  for (int attempt = 0; attempt < kKillAttempts && !exited; ++attempt) {
    cli::run_quietly(exe, {"kill", name});
    exited = engine_run.wait_until(cli::Clock::now() + 1s);
  }
  if (!exited) engine_run.kill();
  std::vector<std::string> remove = engine.remove;
  remove.push_back(name);
  cli::run_quietly(exe, remove);
}

}  // namespace

PodmanRuntime::PodmanRuntime(std::string executable)
    : CliEngineRuntime(CliEngine{"podman", "podman", true, {"rm", "--force", "--ignore", "--time=0"}},
                       std::move(executable)) {}

std::vector<std::string> CliEngineRuntime::arguments_for(const ContainerRun& run,
                                                         const std::string& container_name) const {
  std::vector<std::string> args{"run", "--rm", "--name", container_name, "--network=none", "--pull=never"};
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

Result<ContainerExit> CliEngineRuntime::run(const ContainerRun& run) {
  const cli::Tool tool{engine_.name, executable_, engine_.package};
  Result<std::string> exe = tool.locate();
  if (!exe) return exe.error();
  if (std::string problem = cli::argument_problem(run); !problem.empty()) {
    return make_error("cannot run " + run.label + ": " + problem);
  }
  cli::LogFile log;
  if (log.file() == nullptr) {
    return make_error("cannot run " + engine_.name +
                      ": cannot create a temporary log file: " + std::string(strerror(errno)));
  }
  const std::string name = cli::unique_name(run.label);
  Result<cli::ChildProcess> engine_run = cli::ChildProcess::start(*exe, arguments_for(run, name), log.file());
  if (!engine_run) return tool.failed_start(engine_run.error());

  const cli::Outcome outcome =
      cli::wait_or_stop(*engine_run, run.timeout, [&] { stop_container(*exe, engine_, *engine_run, name); });
  return ContainerExit{outcome.exit_code, outcome.timed_out, log.read()};
}

}  // namespace ferry::pipeline

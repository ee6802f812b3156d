// OciRuntime: per container, a bundle in a fresh temporary directory (an overlay on the image's mounted
// root filesystem, and config.json), `runc run` in the foreground with its output in a temporary file, and
// on time-out or interrupt (runtime/interrupt.h) `runc kill` then `runc delete --force`; none starts once
// ferry is interrupted. The Bundle owns the directory and the overlay mount;
// the runtime owns the image mounts. Every child is a cli::ChildProcess.
#include "runtime/oci_runtime.h"

#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>

#include "runtime/cli_engine.h"
#include "runtime/interrupt.h"
#include "runtime/memory_cgroup.h"
#include "runtime/oci_limits.h"
#include "runtime/podman_runtime.h"
#include "runtime/run_as.h"

namespace ferry::runtime {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
constexpr int kRuncKillAttempts = 5;  // `runc kill` tries, a second apart

// The capabilities podman gives a root container by default.
const std::vector<std::string> kCapabilities = {"CHOWN",   "DAC_OVERRIDE",     "FOWNER",    "FSETID",
                                                "KILL",    "NET_BIND_SERVICE", "SETFCAP",   "SETGID",
                                                "SETPCAP", "SETUID",           "SYS_CHROOT"};

// The mount points of kSystemMounts that are made in the container's root filesystem (the others are inside
// the /dev tmpfs).
const std::vector<std::string> kSystemMountPoints = {"/proc", "/dev", "/sys"};

// /proc, /dev (tmpfs; runc adds null, zero, full, random, urandom, tty), /dev/pts, /dev/shm, /dev/mqueue,
// read-only /sys: runc's own default set.
const std::string kSystemMounts =
    R"({"destination":"/proc","type":"proc","source":"proc"},)"
    R"({"destination":"/dev","type":"tmpfs","source":"tmpfs","options":["nosuid","strictatime","mode=755","size=65536k"]},)"
    R"({"destination":"/dev/pts","type":"devpts","source":"devpts","options":["nosuid","noexec","newinstance","ptmxmode=0666","mode=0620","gid=5"]},)"
    R"({"destination":"/dev/shm","type":"tmpfs","source":"shm","options":["nosuid","noexec","nodev","mode=1777","size=65536k"]},)"
    R"({"destination":"/dev/mqueue","type":"mqueue","source":"mqueue","options":["nosuid","noexec","nodev"]},)"
    R"({"destination":"/sys","type":"sysfs","source":"sysfs","options":["nosuid","noexec","nodev","ro"]})";

// New pid, network (no interface but a down loopback: no network; or the run's network namespace, joined by
// its path), ipc, uts and mount namespaces; no device and masked /proc paths unless privileged; the limits'
// resources and cgroup.
std::string linux_json(const OciLimits& limits, const std::string& network_namespace) {
  const std::string network =
      network_namespace.empty() ? R"({"type":"network"})"
                                : R"({"type":"network","path":)" + cli::json_string(network_namespace) + "}";
  std::string json =
      R"({"namespaces":[{"type":"pid"},)" + network + R"(,{"type":"ipc"},{"type":"uts"},{"type":"mount"}],)";
  json += R"("resources":{"devices":[{"allow":)" + std::string(limits.privileged ? "true" : "false") +
          R"(,"access":"rwm"}])" + limits.resources + "},";
  if (!limits.cgroups_path.empty()) json += R"("cgroupsPath":)" + cli::json_string(limits.cgroups_path) + ",";
  if (limits.privileged) return json + R"("maskedPaths":[],"readonlyPaths":[]})";
  return json +
         R"("maskedPaths":["/proc/acpi","/proc/asound","/proc/kcore","/proc/keys","/proc/latency_stats",)"
         R"("/proc/timer_list","/proc/timer_stats","/proc/sched_debug","/sys/firmware","/proc/scsi"],)"
         R"("readonlyPaths":["/proc/bus","/proc/fs","/proc/irq","/proc/sys","/proc/sysrq-trigger"]})";
}

std::vector<std::string> strings_of(const YAML::Node& node) {
  std::vector<std::string> strings;
  if (node.IsDefined() && node.IsSequence()) {
    for (const YAML::Node& item : node) strings.push_back(item.as<std::string>());
  }
  return strings;
}

// The fields of `podman image inspect` output that a container needs (rootfs and id left out).
Result<OciImage> parse_inspect(const std::string& output) {
  try {
    const YAML::Node image = YAML::Load(output.substr(std::min(output.find('['), output.size())))[0];
    const YAML::Node config = image["Config"];
    OciImage parsed;
    parsed.id = image["Id"].as<std::string>();
    parsed.entrypoint = strings_of(config["Entrypoint"]);
    parsed.cmd = strings_of(config["Cmd"]);
    parsed.env = strings_of(config["Env"]);
    if (config["WorkingDir"].IsDefined() && config["WorkingDir"].IsScalar())
      parsed.workdir = config["WorkingDir"].as<std::string>();
    if (config["User"].IsDefined() && config["User"].IsScalar())
      parsed.user = config["User"].as<std::string>();
    return parsed;
  } catch (const YAML::Exception& e) {
    return make_error("cannot run oci: cannot read `podman image inspect` output: " + e.msg);
  }
}

// A bundle directory with rootfs/ (an overlay on the image, under the mount point layer when there is one:
// oci_mount_points.h), upper/, work/ and config.json. The destructor unmounts the overlay and removes the
// directory; it leaves a directory it cannot unmount.
class Bundle {
 public:
  static Result<std::unique_ptr<Bundle>> create(const fs::path& image_rootfs,
                                                const std::optional<fs::path>& mount_point_layer,
                                                const std::string& config) {
    std::string pattern = (fs::temp_directory_path() / "ferry-oci-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) return failure("cannot create a bundle directory");
    auto bundle = std::unique_ptr<Bundle>(new Bundle(pattern));
    std::error_code ec;
    for (const char* dir : {"rootfs", "upper", "work"}) fs::create_directory(bundle->dir_ / dir, ec);
    // The container's / shows the upper directory's mode and owner: the image's, as podman shows them.
    struct stat image_root {};
    const fs::path upper = bundle->dir_ / "upper";
    if (::stat(image_rootfs.c_str(), &image_root) != 0 ||
        ::chown(upper.c_str(), image_root.st_uid, image_root.st_gid) != 0 ||
        ::chmod(upper.c_str(), image_root.st_mode & 07777) != 0) {
      return failure("cannot give the container's root the image's mode");
    }
    const std::string lower = mount_point_layer ? mount_point_layer->string() + ":" : "";
    const std::string options = "lowerdir=" + lower + image_rootfs.string() + ",upperdir=" + upper.string() +
                                ",workdir=" + (bundle->dir_ / "work").string();
    if (::mount("overlay", bundle->rootfs().c_str(), "overlay", 0, options.c_str()) != 0) {
      return failure("cannot mount the container's overlay");
    }
    bundle->mounted_ = true;
    std::ofstream(bundle->dir_ / "config.json") << config;
    return bundle;
  }
  ~Bundle() {
    if (mounted_ && ::umount2(rootfs().c_str(), 0) != 0 && ::umount2(rootfs().c_str(), MNT_DETACH) != 0)
      return;
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  Bundle(const Bundle&) = delete;
  Bundle& operator=(const Bundle&) = delete;
  const fs::path& dir() const { return dir_; }

 private:
  explicit Bundle(fs::path dir) : dir_(std::move(dir)) {}
  fs::path rootfs() const { return dir_ / "rootfs"; }
  static Error failure(const std::string& what) {
    return make_error("cannot run oci: " + what + ": " + std::string(strerror(errno)));
  }

  fs::path dir_;
  bool mounted_ = false;
};

// Every mount point the container's config.json names outside /dev, in its order.
std::vector<MountPoint> mount_points_of(const ContainerRun& run) {
  std::vector<MountPoint> points;
  for (const std::string& destination : kSystemMountPoints) points.push_back({destination, false});
  for (const Mount& m : run.mounts) {
    std::error_code error;
    points.push_back({m.container, !fs::is_directory(m.host, error)});
  }
  return points;
}

// Ends a container that outlived its deadline; see stop_container in podman_runtime.cpp.
void stop_container(const std::string& runc, cli::ChildProcess& runc_run, const std::string& id) {
  bool exited = false;
  for (int attempt = 0; attempt < kRuncKillAttempts && !exited; ++attempt) {
    cli::run_quietly(runc, {"kill", id, "KILL"});
    exited = runc_run.wait_until(cli::Clock::now() + 1s);
  }
  if (!exited) runc_run.kill();
  cli::run_quietly(runc, {"delete", "--force", id});
}

}  // namespace

struct OciRuntime::Lookup {
  std::shared_ptr<const OciImage> image;  // null when podman does not know the image
  std::string message;                    // podman's message then
};

std::vector<std::string> oci_process_args(const ContainerRun& run, const OciImage& image) {
  std::vector<std::string> args = run.command.empty() ? image.entrypoint : run.command;
  const std::vector<std::string>& rest = !run.args.empty() || !run.command.empty() ? run.args : image.cmd;
  args.insert(args.end(), rest.begin(), rest.end());
  return args;
}

std::vector<std::string> oci_process_env(const ContainerRun& run, const OciImage& image) {
  std::vector<std::string> env = image.env;
  for (const EnvVar& var : run.env) {
    const std::string prefix = var.name + "=";
    auto same =
        std::find_if(env.begin(), env.end(), [&](const std::string& e) { return e.starts_with(prefix); });
    if (same == env.end()) {
      env.push_back(prefix + var.value);
    } else {
      *same = prefix + var.value;
    }
  }
  return env;
}

std::string oci_config_json(const ContainerRun& run, const OciImage& image,
                            const std::string& cgroup_parent) {
  const OciLimits limits = oci_limits(run, image.user, cgroup_parent, kCapabilities);
  std::string mounts = kSystemMounts;
  for (const Mount& m : run.mounts) {
    mounts += R"(,{"destination":)" + cli::json_string(m.container) + R"(,"type":"bind","source":)" +
              cli::json_string(m.host.string()) + R"(,"options":["rbind",")" + (m.read_only ? "ro" : "rw") +
              "\"]}";
  }
  const std::string cwd = image.workdir.empty() ? "/" : image.workdir;
  const std::string readonly = limits.read_only_root ? "true" : "false";
  const std::string no_new_privileges = limits.no_new_privileges ? "true" : "false";
  return R"({"ociVersion":"1.0.2","hostname":"ferry","root":{"path":"rootfs","readonly":)" + readonly +
         R"(},"process":{"terminal":false,"user":)" + limits.user + R"(,"args":)" +
         cli::json_array(oci_process_args(run, image)) + R"(,"env":)" +
         cli::json_array(oci_process_env(run, image)) + R"(,"cwd":)" + cli::json_string(cwd) +
         R"(,"capabilities":{"bounding":)" + limits.capabilities + R"(,"effective":)" + limits.capabilities +
         R"(,"permitted":)" + limits.capabilities +
         R"(},"rlimits":[{"type":"RLIMIT_NOFILE","hard":1024,"soft":1024}],"noNewPrivileges":)" +
         no_new_privileges + R"(},"mounts":[)" + mounts + R"(],"linux":)" +
         linux_json(limits, run.network_namespace) + "}\n";
}

OciRuntime::OciRuntime(std::string runc, std::string podman)
    : runc_(std::move(runc)), podman_(std::move(podman)) {}

OciRuntime::~OciRuntime() {
  Result<std::string> podman = cli::Tool{"podman", podman_, "podman"}.locate();
  if (!podman) return;
  for (const auto& [id, rootfs] : mounts_) cli::run_quietly(*podman, {"image", "unmount", id});
}

Result<OciRuntime::Lookup> OciRuntime::image(const std::string& reference) {
  std::lock_guard lock(mutex_);
  if (auto known = images_.find(reference); known != images_.end()) return Lookup{known->second, {}};
  Result<std::string> podman = cli::Tool{"podman", podman_, "podman"}.locate();
  if (!podman) return podman.error();
  Result<cli::Captured> inspect = cli::run_captured(*podman, {"image", "inspect", reference});
  if (!inspect) return cli::Tool{"podman", podman_, "podman"}.failed_start(inspect.error());
  if (inspect->exit_code != 0) return Lookup{nullptr, inspect->output};
  Result<OciImage> image = parse_inspect(inspect->output);
  if (!image) return image.error();
  if (!mounts_.contains(image->id)) {
    Result<cli::Captured> mount = cli::run_captured(*podman, {"image", "mount", image->id});
    if (!mount || mount->exit_code != 0) {
      return make_error("cannot run oci: `podman image mount " + reference +
                        "` failed: " + (mount ? mount->output : mount.error().message));
    }
    mounts_[image->id] = mount->output.substr(0, mount->output.find('\n'));
  }
  image->rootfs = mounts_[image->id];
  auto shared = std::make_shared<const OciImage>(std::move(*image));
  images_[reference] = shared;
  return Lookup{shared, {}};
}

Result<std::string> OciRuntime::image_digest(const std::string& reference) {
  Result<Lookup> found = image(reference);
  if (!found) return found.error();
  if (found->image == nullptr)
    return make_error("podman does not know image " + reference + ": " + found->message);
  return found->image->id;
}

Result<ContainerExit> OciRuntime::run(const ContainerRun& run) {
  const cli::Tool tool{"runc", runc_, "runc"};
  Result<std::string> runc = tool.locate();
  if (!runc) return runc.error();
  if (std::string problem = cli::argument_problem(run); !problem.empty()) {
    return make_error("cannot run " + run.label + ": " + problem);
  }
  Result<Lookup> image = this->image(run.image);
  if (!image) return image.error();
  // oci runs podman's images and never pulls.
  if (image->image == nullptr)
    return make_error(missing_image_message("podman", run.image, PullPolicy::never, ""));

  if (std::string problem = non_root_problem(run.security, image->image->user); !problem.empty()) {
    return make_error(run.security->where, "cannot run " + run.label + ": " + problem);
  }

  if (interrupted()) return ContainerExit{-1, true, "not started: ferry was interrupted\n"};
  const std::string id = cli::unique_name(run.label);
  std::unique_ptr<MemoryCgroup> cgroup;
  if (const auto& memory = run.resources.limits.memory_bytes) {
    if (auto made = MemoryCgroup::create(id, *memory)) cgroup = std::move(*made);
  }
  Result<std::unique_ptr<Bundle>> bundle =
      Bundle::create(image->image->rootfs, layers_.layer_for(image->image->rootfs, mount_points_of(run)),
                     oci_config_json(run, *image->image, cgroup ? cgroup->path() : ""));
  if (!bundle) return bundle.error();
  cli::LogFile log;
  if (log.file() == nullptr) return make_error("cannot run oci: cannot create a temporary log file");
  Result<cli::ChildProcess> runc_run =
      cli::ChildProcess::start(*runc, {"run", "--bundle", (*bundle)->dir().string(), id}, log.file());
  if (!runc_run) return tool.failed_start(runc_run.error());

  const cli::Outcome outcome =
      cli::wait_or_stop(*runc_run, run.timeout, [&] { stop_container(*runc, *runc_run, id); });
  ContainerExit exit{outcome.exit_code, outcome.timed_out, log.read()};
  if (const auto& memory = run.resources.limits.memory_bytes) {
    exit.reason = out_of_memory_message(exit.exit_code, exit.timed_out, *memory, cgroup.get());
  }
  return exit;
}

}  // namespace ferry::runtime

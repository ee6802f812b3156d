// The command line (cli.h): the subcommand table, each subcommand's options, and the dispatch.
#include "runner/cli.h"

#include <CLI/CLI.hpp>
#include <functional>
#include <iostream>
#include <memory>

#include "pipeline/duration.h"
#include "run/shard.h"
#include "runner/explain_command.h"
#include "runner/logging.h"
#include "runner/logs_command.h"
#include "runner/plan_command.h"
#include "runner/reconcile_command.h"
#include "runner/status_command.h"
#include "runner/test_pipeline_command.h"
#include "runner/validate_command.h"
#include "runtime/runtime_factory.h"
#include "writer/durability.h"
#include "writer/network_timeout.h"

namespace ferry::runner {
namespace {

struct Subcommand {
  const char* name;
  const char* description;
  std::function<std::function<int()>(CLI::App&)> configure;  // adds options, returns the action
};

// A CLI11 validator for Go durations ("10h", "90m"): the message of pipeline::parse_go_duration.
CLI::Validator go_duration_check() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        auto parsed = pipeline::parse_go_duration(text, "--reconciliation-interval", SourceLocation{});
        return parsed ? std::string() : parsed.error().message;
      },
      "DURATION");
}

CLI::Validator shard_check() {
  return CLI::Validator(
      [](const std::string& text) -> std::string {
        auto parsed = parse_shard(text);
        return parsed ? std::string() : parsed.error().message;
      },
      "I/N");
}

void add_platform_and_output(CLI::App& app, PlatformCommandOptions& platform, std::string& output,
                             const std::vector<std::string>& formats = {"text", "json"}) {
  app.add_option("platform", platform.dir,
                 "Platform with Promises, requests, Destinations and GitStateStores: a directory, or a Git "
                 "repository (file://, git://, https://, ssh:// or user@host:path URL, a bare repository)")
      ->capture_default_str();
  app.add_option(
      "--platform-ref", platform.ref,
      "Branch of a Git platform to read (default: main); on a work tree, read it instead of the files");
  app.add_option("-o,--output", output, "Report format")
      ->check(CLI::IsMember(formats))
      ->capture_default_str();
}

void add_runtime_options(CLI::App& app, RuntimeCommandOptions& run) {
  app.add_option(
         "--runtime", run.runtime,
         "Container runtime: auto (docker if its daemon answers, else podman), docker, podman, oci (runc "
         "directly on the podman image, fastest), exec (host commands from --exec-config in bubblewrap)")
      ->check(CLI::IsMember(runtime::runtime_names()))
      ->capture_default_str();
  app.add_option("--podman", run.podman, "podman executable")->capture_default_str();
  app.add_option("--docker", run.docker, "docker executable")->capture_default_str();
  app.add_option("--exec-config", run.exec_config, "Image to host command map for --runtime exec")
      ->capture_default_str();
  app.add_option("--timeout", run.timeout_seconds, "Seconds a container may run before it is killed")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option(
      "--secrets-dir", run.secrets_dir,
      "Secrets for env valueFrom.secretKeyRef: DIR/<secret>/<key> files (else FERRY_SECRET_<SECRET>_<KEY>)");
  app.add_option("--config-maps-dir", run.config_maps_dir,
                 "ConfigMaps for env valueFrom.configMapKeyRef: DIR/<configmap>/<key> files");
  app.add_option("--max-output-files", run.max_output_files, "Files one pipeline may write to /kratix/output")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--max-output-bytes", run.max_output_bytes,
                 "Bytes one pipeline may write to /kratix/output, all files")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--scratch-dir", run.scratch_dir,
                 "Where pipeline directories are made (default: a temporary directory)");
  app.add_option("--pipeline-cache-dir", run.pipeline_cache_dir,
                 "Where pipeline results are kept between runs, so a pipeline whose inputs did not change "
                 "is not run again (default: $XDG_CACHE_HOME/ferry/pipelines, else ~/.cache/ferry/pipelines; "
                 "at most 1 GiB, least recently used evicted)");
  app.add_flag("--allow-privileged", run.allow_privileged,
               "Run containers whose securityContext has privileged: true (refused otherwise)");
  app.add_flag("--no-pipeline-cache", run.no_pipeline_cache,
               "Run every pipeline; read and store no cached result (overrides --pipeline-cache-dir)");
}

// reconcile and plan only: the other subcommands that run pipelines run one object on purpose.
void add_network_option(CLI::App& app, RuntimeCommandOptions& run) {
  app.add_flag("--no-network", run.no_network,
               "Run every container without a network, whatever its Pipeline's ferry.dev/network "
               "annotation says (a side-effect free plan of a pull request)");
}

void add_store_options(CLI::App& app, StoreCommandOptions& stores) {
  app.add_option("--store-cache-dir", stores.cache_dir,
                 "Where remote state stores are fetched to, kept between runs (default: "
                 "$XDG_CACHE_HOME/ferry/stores, else ~/.cache/ferry/stores)");
  app.add_option("--store-ca-bundle", stores.ca_bundle,
                 "PEM file of CA certificates trusted for https:// state stores, besides the system's")
      ->check(CLI::ExistingFile);
  app.add_flag("--allow-insecure-http", stores.allow_insecure_http,
               "Accept plain http:// state store and PromiseRelease URLs (credentials and content travel "
               "unencrypted)");
  app.add_option("--release-ca-file", stores.release_ca_file,
                 "PEM file of CA certificates trusted for https:// PromiseRelease URLs, besides the system's")
      ->envname("FERRY_RELEASE_CA_FILE")
      ->check(CLI::ExistingFile);
}

void add_state_options(CLI::App& app, StateCommandOptions& state) {
  auto* dir = app.add_option(
      "--state", state.state_dir,
      "Bare Git repository (a directory or URL) recording what each run did, for incremental runs "
      "(default: branch ferry-state of a Git platform, else PLATFORM/.ferry/state.git)");
  app.add_option(
      "--state-branch", state.state_branch,
      "Branch of the state repository that holds the records (default: state; ferry-state on a Git "
      "platform's own repository)");
  app.add_flag("--no-state", state.no_state, "Run every workflow and record nothing (no incremental run)")
      ->excludes(dir);
  app.add_flag("--force", state.force, "Run every workflow even when its inputs did not change");
  app.add_option("--reconciliation-interval", state.reconciliation_interval,
                 "Re-run an unchanged object when its last run is older than this (a Go duration)")
      ->check(go_duration_check())
      ->capture_default_str();
  app.add_option(
         "--shard", state.shard,
         "I/N: run only the requests of shard I of N (split by a stable hash of NAMESPACE/NAME), for CI "
         "matrix jobs; every shard runs the Promises")
      ->check(shard_check())
      ->capture_default_str();
  app.add_flag(
      "--restore-drift", state.restore_drift,
      "Run again every object whose files in a Destination someone else changed since ferry wrote them, "
      "so that its commit puts them back (without it they are reported drifted)");
  app.add_flag("--no-drift-check", state.no_drift_check,
               "Read no store's history: neither drift nor records that lost track of a store are noticed "
               "(docs/state.md)");
  app.add_flag("--no-status", state.no_status,
               "Record and publish no status (no status/ files on the state branch) and feed none back to "
               "the pipelines (docs/status.md)");
  app.add_flag("--full-load", state.full_load,
               "Parse and check every platform file and read every record, without the load and records "
               "caches kept beside the state (docs/load-cache.md)");
  app.add_option(
         "--max-deletions", state.max_deletions,
         "Delete at most N vanished requests and Promises in this run, else stop before running anything "
         "(default: at most 10, and never every recorded object or request when that is two or more)")
      ->check(CLI::NonNegativeNumber)
      ->option_text("N");
  app.add_option("--max-upgrades", state.max_upgrades,
                 "Upgrade at most N requests to a new Promise version in this run; the others keep their "
                 "version and wait for later runs (docs/lifecycle.md)")
      ->check(CLI::NonNegativeNumber)
      ->option_text("N");
}

std::function<int()> configure_reconcile(CLI::App& app) {
  auto options = std::make_shared<ReconcileCommandOptions>();
  add_platform_and_output(app, options->platform, options->output);
  app.add_option("-j,--jobs", options->jobs, "Requests processed at once")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  add_state_options(app, options->state);
  app.add_option("--metrics-file", options->metrics_file,
                 "Write Prometheus textfile metrics of the run here (replaced atomically; for cron and "
                 "node_exporter's textfile collector)");
  add_runtime_options(app, options->run);
  add_network_option(app, options->run);
  add_store_options(app, options->stores);
  app.add_option("--logs-dir", options->logs_dir,
                 "Where each object's last container logs are kept, for ferry logs (default: "
                 "$XDG_CACHE_HOME/ferry/logs, else ~/.cache/ferry/logs)");
  app.add_flag("--show-logs", options->show_logs,
               "Print each container's output on stderr when it ends, each line prefixed "
               "\"NAMESPACE/NAME PIPELINE/CONTAINER | \"");
  app.add_option("--api-audit-file", options->api_audit_file,
                 "Append a JSON line per request a pipeline makes to its platform API (pipelines with rbac, "
                 "--runtime exec, podman or oci, as root; docs/platform-api.md)")
      ->option_text("FILE");
  app.add_option("--publish-status", options->publish_status,
                 "Also commit the status tree to this GitStateStore of the platform, below PATH (default: "
                 "status), one commit per run that changes a status (docs/status.md)")
      ->option_text("STORE[:PATH]")
      ->excludes("--no-state");
  return [options] {
    options->run.pipeline_cache_reads = !options->state.force;  // --force runs pipelines too
    return run_reconcile(*options);
  };
}

std::function<int()> configure_plan(CLI::App& app) {
  auto options = std::make_shared<PlanCommandOptions>();
  add_platform_and_output(app, options->platform, options->output);
  app.add_option("-j,--jobs", options->jobs, "Requests processed at once")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  add_state_options(app, options->state);
  app.add_flag("--detailed-exitcode", options->detailed_exitcode,
               "Exit 2 when some file would change, 0 when none would (1 stays errors)");
  add_runtime_options(app, options->run);
  add_network_option(app, options->run);
  add_store_options(app, options->stores);
  return [options] {
    options->run.pipeline_cache_reads = !options->state.force;  // --force runs pipelines too
    return run_plan(*options);
  };
}

std::function<int()> configure_explain(CLI::App& app) {
  auto options = std::make_shared<ExplainCommandOptions>();
  add_platform_and_output(app, options->platform, options->output);
  auto* request =
      app.add_option("--request", options->request,
                     "NAMESPACE/NAME (or KIND/NAMESPACE/NAME) of a request: runs its pipelines and "
                     "explains each group");
  auto* promise =
      app.add_option("--promise", options->promise, "NAME of a Promise: explains its dependencies");
  request->excludes(promise);
  add_runtime_options(app, options->run);
  add_store_options(app, options->stores);
  app.add_option("--state", options->state_dir,
                 "Bare Git repository (a directory or URL) of the recorded state, read for what a deleted "
                 "Placement placed (default: branch ferry-state of a Git platform, else "
                 "PLATFORM/.ferry/state.git)");
  app.add_option(
      "--state-branch", options->state_branch,
      "Branch of the state repository that holds the records (default: state; ferry-state on a Git "
      "platform's own repository)");
  return [options] { return run_explain(*options); };
}

std::function<int()> configure_validate(CLI::App& app) {
  auto options = std::make_shared<ValidateCommandOptions>();
  add_platform_and_output(app, options->platform, options->output);
  add_store_options(app, options->stores);
  return [options] { return run_validate(*options); };
}

std::function<int()> configure_status(CLI::App& app) {
  auto options = std::make_shared<StatusCommandOptions>();
  add_platform_and_output(app, options->platform, options->output, {"text", "json", "yaml"});
  app.add_option("object", options->object,
                 "NAMESPACE/NAME or KIND/NAMESPACE/NAME of a request (or NAME of a Promise): show its whole "
                 "record; given alone, the platform is \".\"");
  app.add_option("--promise", options->promise,
                 "NAME of a Promise: show its record with the versions ferry ran (its revisions) and which "
                 "is latest (docs/lifecycle.md)")
      ->option_text("NAME");
  app.add_option(
      "--state", options->state_dir,
      "Bare Git repository (a directory or URL) of the recorded state (default: branch ferry-state of a "
      "Git platform, else PLATFORM/.ferry/state.git)");
  app.add_option(
      "--state-branch", options->state_branch,
      "Branch of the state repository that holds the records (default: state; ferry-state on a Git "
      "platform's own repository)");
  add_store_options(app, options->stores);
  return [options] { return run_status(*options); };
}

int run_version() {
  std::cout << "ferry " << FERRY_VERSION << "\n";
  return 0;
}

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> table = {
      {"reconcile",
       "Run every request's resource.configure workflow, schedule its outputs to Destinations and commit "
       "them to the state stores. Exit 0: all succeeded, unchanged, skipped or held (an upgrade deferred or "
       "not retried); 3: some failed or are "
       "pending; 4: all committed, but some group is misplaced (kept on a Destination that no longer takes "
       "it); "
       "1: the run could not start (bad input, unusable store); 2: bad command line.",
       configure_reconcile},
      {"plan",
       "Run the workflows and schedule as reconcile does, then show what each object would do and the file "
       "diff of every Destination; commits nothing and records no state (delete workflows do not run; their "
       "removals are shown). Exit as reconcile would: 0 planned; 3: some object would fail or stay pending; "
       "4: "
       "some group would stay misplaced; 1: the run could not start; 2: bad command line, or with "
       "--detailed-exitcode: some file would change (or drifted) and nothing above applies.",
       configure_plan},
      {"explain",
       "Show why each group of a request (or a Promise's dependencies) goes where it goes: every "
       "Destination, "
       "each selector term met or failed, and the choice. Writes nothing.",
       configure_explain},
      {"validate",
       "Load and check the platform as reconcile does before running anything (every error as "
       "file:line:column); runs nothing, writes nothing. Exit 0: valid; 1: errors; 2: bad command line.",
       configure_validate},
      {"status",
       "Show what the recorded state says of every Promise and request (or one request's whole record): "
       "result, last run, Destinations. Runs nothing; works while a reconcile runs. Exit 0: shown; 1: no "
       "recorded state or no such request; 2: bad command line.",
       configure_status},
      {"logs",
       "Show what each container of an object's last workflow run printed, as reconcile kept it (secret "
       "values masked, the last 256 KiB of each). Runs nothing. Exit 0: shown; 1: nothing kept for it; 2: "
       "bad command line.",
       configure_logs},
      {"test",
       "Test a Promise without a cluster: `ferry test pipeline` runs one of its workflows on one object.",
       [](CLI::App& app) { return configure_test(app, add_runtime_options); }},
      {"version", "Print ferry's version", [](CLI::App&) { return std::function<int()>(run_version); }},
  };
  return table;
}

// CLI11 reports an unknown first word only as "A subcommand is required"; name it instead.
bool is_unknown_command(const std::string& word) {
  if (word.empty() || word.front() == '-') return false;
  for (const Subcommand& sub : subcommands()) {
    if (word == sub.name) return false;
  }
  std::string known;
  for (const Subcommand& sub : subcommands()) known += std::string(known.empty() ? "" : ", ") + sub.name;
  std::cerr << "ferry: unknown command \"" << word << "\"; the commands are " << known
            << " (see ferry --help)\n";
  return true;
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{
      "ferry: run Kratix Promises from Git. Reads a platform directory, runs the workflow containers "
      "with the Kratix contract, schedules their outputs to Destinations by labels and commits them "
      "to the Destinations' Git state stores, one commit per request and repository."};
  if (argc > 1 && is_unknown_command(argv[1])) return 2;
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("ferry ") + FERRY_VERSION);
  // A global option, accepted before or after the subcommand (fallthrough).
  std::string log_format = "text";
  app.add_option("--log-format", log_format, "Log lines on stderr: text, or json (one object per line)")
      ->check(CLI::IsMember(log_format_names()))
      ->capture_default_str();
  int network_timeout = writer::kDefaultNetworkTimeoutSeconds;
  app.add_option(
         "--network-timeout", network_timeout,
         "Seconds to wait for a Git server: to connect, for each read or write to move a byte, and for "
         "each whole fetch or push")
      ->envname("FERRY_NETWORK_TIMEOUT")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  bool fsync = writer::kFsyncByDefault;
  app.add_option("--fsync", fsync,
                 "fsync every object, pack and ref written before the ref moves, so that a power loss leaves "
                 "no damaged repository (docs/reliability.md has the cost)")
      ->envname("FERRY_FSYNC")
      ->capture_default_str();
  app.fallthrough();
  std::function<int()> action;
  for (const Subcommand& sub : subcommands()) {
    CLI::App* command = app.add_subcommand(sub.name, sub.description);
    auto run = sub.configure(*command);
    command->callback([&action, run] { action = run; });
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints the message (or the help) and gives a code of its own; ferry's bad command line is 2.
    return app.exit(e) == 0 ? 0 : 2;
  }
  configure_logging(log_format_named(log_format));
  writer::set_fsync(fsync);
  writer::set_network_timeouts(
      {std::chrono::seconds(network_timeout), std::chrono::seconds(network_timeout)});
  return action();
}

}  // namespace ferry::runner

// The run's platform API host (pipeline/pipeline_api.h), built on api/: for each Pipeline with `rbac`, a
// network namespace of its own with the HTTPS server listening on 127.0.0.1:443 inside it, a CA, serving
// certificate and bearer token made for that pipeline, the service account's token, ca.crt and namespace
// written below the run's scratch directory only (api/service_account_files.h), and the pipeline's view: its
// rbac.permissions plus Kratix's always-granted rules, the Secrets and ConfigMaps of
// --secrets-dir/--config-maps-dir, and the processed object with its status merged as status.yaml is, and the
// platform's Promises and their requests (platform_api_objects.h) of the platform the run reconciles now.
// docs/platform-api.md.
#pragma once

#include <filesystem>
#include <memory>

#include "core/error.h"
#include "pipeline/pipeline_api.h"
#include "platform/platform.h"
#include "run/api_request_ledger.h"

namespace ferry::runner {

struct PipelineApiSettings {
  std::filesystem::path secrets_dir;      // --secrets-dir ("": none)
  std::filesystem::path config_maps_dir;  // --config-maps-dir ("": none)
  std::filesystem::path audit_file;       // --api-audit-file ("": no audit log)
  std::filesystem::path scratch_dir;      // the run's: each pipeline's service-account files go below it
};

// The run's host: reconcile() tells it which platform it reconciles (ServedPlatform), whose Promises and
// requests the pipelines started meanwhile read.
class PlatformApiHost : public pipeline::PipelineApiHost {
 public:
  // Serves `platform`'s Promises and requests to the pipelines started from now on (null: none); it
  // outlives them. Called between pipelines, never while one starts.
  virtual void serve_platform(const Platform* platform) = 0;
  // Starts making the first pipeline's namespace, TLS, token and server now, ahead of it (a run whose
  // platform has a Pipeline with rbac); without it the first pipeline makes its own.
  virtual void make_ahead() = 0;
  // The requests pipelines created and deleted through the API in this run (reconcile_compound runs them).
  virtual const ApiRequestLedger& ledger() const = 0;
};

// Serves `platform` on `host` (when there is one) for as long as it lives.
class ServedPlatform {
 public:
  ServedPlatform(PlatformApiHost* host, const Platform& platform) : host_(host) {
    if (host_ != nullptr) host_->serve_platform(&platform);
  }
  ~ServedPlatform() {
    if (host_ != nullptr) host_->serve_platform(nullptr);
  }
  ServedPlatform(const ServedPlatform&) = delete;
  ServedPlatform& operator=(const ServedPlatform&) = delete;

 private:
  PlatformApiHost* host_;
};

// Opens the audit file (appending) when one is given; its error names the file.
Result<std::unique_ptr<PlatformApiHost>> make_pipeline_api_host(const PipelineApiSettings& settings);

}  // namespace ferry::runner

// The run's platform API host (pipeline/pipeline_api.h), built on api/: for each Pipeline with `rbac`, a
// network namespace of its own with the HTTPS server listening on 127.0.0.1:443 inside it, a CA, serving
// certificate and bearer token made for that pipeline, the service account's token, ca.crt and namespace
// written to the pipeline's scratch directory only, and the pipeline's view: its rbac.permissions plus
// Kratix's always-granted rules, the Secrets and ConfigMaps of --secrets-dir/--config-maps-dir, and the
// processed object with its status merged as status.yaml is. docs/platform-api.md.
#pragma once

#include <filesystem>
#include <memory>

#include "core/error.h"
#include "pipeline/pipeline_api.h"

namespace ferry::runner {

struct PipelineApiSettings {
  std::filesystem::path secrets_dir;      // --secrets-dir ("": none)
  std::filesystem::path config_maps_dir;  // --config-maps-dir ("": none)
  std::filesystem::path audit_file;       // --api-audit-file ("": no audit log)
};

// Opens the audit file (appending) when one is given; its error names the file.
Result<std::unique_ptr<pipeline::PipelineApiHost>> make_pipeline_api_host(
    const PipelineApiSettings& settings);

}  // namespace ferry::runner

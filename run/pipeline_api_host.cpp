// make_pipeline_api_host (pipeline_api_host.h): one session per pipeline holds its namespace, its server
// and the adapter that shows the server the workflow's object; the server stops first when it goes. What
// does not depend on the pipeline (the namespace, TLS, token, the server's listener and thread) comes from
// the host's kit pool (api/api_kit_pool.h), made while the previous pipeline's containers ran.
#include "run/pipeline_api_host.h"

#include <algorithm>
#include <cctype>

#include "api/api_kit_pool.h"
#include "api/api_server.h"
#include "core/file_text.h"
#include "platform/object_text.h"
#include "run/platform_api_objects.h"

namespace ferry::runner {
namespace {

namespace fs = std::filesystem;
constexpr std::uint16_t kApiPort = 443;
// Where Kratix runs promise workflows' pods (kratix-newer.md §6.1).
constexpr const char* kPlatformNamespace = "kratix-platform-system";

// A merge patch that turns `from` into `to` (RFC 7386): keys gone become null, maps are compared within.
nlohmann::json patch_between(const nlohmann::json& from, const nlohmann::json& to) {
  if (!from.is_object() || !to.is_object()) return to;
  nlohmann::json patch = nlohmann::json::object();
  for (const auto& [key, value] : from.items()) {
    if (!to.contains(key)) patch[key] = nullptr;
  }
  for (const auto& [key, value] : to.items()) {
    if (!from.contains(key)) {
      patch[key] = value;
    } else if (from[key] != value) {
      patch[key] = patch_between(from[key], value);
    }
  }
  return patch;
}

// The workflow's object as api/ reads it: JSON of the object text, status writes merged by the workflow.
class WorkflowObjects : public api::PipelineObjects {
 public:
  // `platform` (null: none served) creates and deletes requests for the object whose record directory is
  // `creator`.
  WorkflowObjects(pipeline::PipelineObjectAccess& access, nlohmann::json promise,
                  std::shared_ptr<LoadedPlatformObjects> platform, std::string creator)
      : access_(access),
        promise_(std::move(promise)),
        platform_(std::move(platform)),
        creator_(std::move(creator)) {}
  nlohmann::json object() const override { return object_json(access_.object_yaml()); }
  nlohmann::json promise() const override { return promise_.is_null() ? object() : promise_; }
  Result<nlohmann::json> merge_status(const std::string& status_text) override {
    auto merged = access_.merge_status(status_text);
    if (!merged) return merged.error();
    return object_json(*merged);
  }
  // A PUT: the merge patch from the current status to `status`, merged as any write is. The fields Kratix
  // manages (`kratix`) stay as they are when the body leaves them out, as a controller would set them again
  // (kubectl 1.20's status write is a PUT of the object it built, without them).
  Result<nlohmann::json> replace_status(const nlohmann::json& status) override {
    nlohmann::json current = object().value("status", nlohmann::json::object());
    if (current.is_object() && !status.contains("kratix")) current.erase("kratix");
    return merge_status(patch_between(current, status).dump());
  }
  Result<nlohmann::json> create_request(const api::ServedKind& kind, const nlohmann::json& object) override {
    if (!platform_) return make_error("no platform is served");
    return platform_->create(kind, object, creator_);
  }
  Status delete_request(const api::ServedKind& kind, const std::string& namespace_name,
                        const std::string& name) override {
    if (!platform_) return make_error("no platform is served");
    return platform_->remove(kind, namespace_name, name);
  }
  const LoadedPlatformObjects* platform() const { return platform_.get(); }

 private:
  pipeline::PipelineObjectAccess& access_;
  nlohmann::json promise_;  // null for a promise workflow: the object itself
  std::shared_ptr<LoadedPlatformObjects> platform_;
  std::string creator_;
};

// The record directory of the workflow's object: whose requests the API creates (api_request_ledger.h).
std::string creator_directory(const pipeline::WorkflowObject& object) {
  if (object.workflow_type == "promise") return "promises/" + object.promise_name;
  return request_record_directory(object.promise_name, object.namespace_, object.name);
}

std::vector<api::Permission> permissions_of(const pipeline::Pipeline& pipeline) {
  std::vector<api::Permission> permissions;
  for (const pipeline::RbacPermission& rule : pipeline.rbac_permissions) {
    permissions.push_back(api::Permission{rule.resource_namespace, rule.api_groups, rule.resources,
                                          rule.resource_names, rule.verbs});
  }
  return permissions;
}

// Where Kratix runs the pipeline's pod (kratix-newer.md §6.1, §7.1): the Promise's pipelineNamespace, else
// the request's namespace, or kratix-platform-system for a promise workflow.
std::string pipeline_namespace(const pipeline::WorkflowObject& object) {
  if (!object.pipeline_namespace.empty()) return object.pipeline_namespace;
  return object.workflow_type == "promise" ? kPlatformNamespace : object.namespace_;
}

api::PipelineView view_of(const pipeline::Pipeline& pipeline, const pipeline::WorkflowObject& object,
                          const PipelineApiSettings& settings, api::PipelineObjects& objects,
                          const api::PlatformObjects* platform) {
  const bool promise_workflow = object.workflow_type == "promise";
  std::string account = pipeline.rbac_service_account;
  if (account.empty())  // Kratix's: <promise>-<workflow type>-<action>-<pipeline>
    account = object.promise_name + "-" + object.workflow_type + "-" + object.action + "-" + pipeline.name;
  api::PipelineView view;
  view.access = api::PipelineAccess{
      pipeline_namespace(object), account,
      promise_workflow ? api::WorkflowType::promise : api::WorkflowType::resource, permissions_of(pipeline)};
  std::string singular = object.kind;
  std::transform(singular.begin(), singular.end(), singular.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  view.object_kind =
      promise_workflow ? api::promise_kind() : api::ServedKind{object.group,  object.version, object.kind,
                                                               object.plural, singular,       true};
  view.secrets_dir = settings.secrets_dir;
  view.config_maps_dir = settings.config_maps_dir;
  view.objects = &objects;
  view.platform = platform;
  return view;
}

// The Promise of a resource workflow, as far as the workflow knows it: its name.
nlohmann::json promise_stub(const pipeline::WorkflowObject& object) {
  if (object.workflow_type == "promise") return nullptr;
  return {{"apiVersion", "platform.kratix.io/v1alpha1"},
          {"kind", "Promise"},
          {"metadata", {{"name", object.promise_name}}}};
}

class Session : public pipeline::PipelineApiSession {
 public:
  Session(api::OwnedDescriptor network, std::string network_path, std::unique_ptr<WorkflowObjects> objects,
          api::ServiceAccountFiles account, api::ApiKitPool& kits)
      : network_(std::move(network)),
        network_path_(std::move(network_path)),
        objects_(std::move(objects)),
        account_(std::move(account)),
        kits_(kits) {}
  // The server stops first; the service account's files are removed by the pool's maker, off the path.
  ~Session() override {
    if (server_) server_->stop();
    kits_.discard(std::move(account_));
  }
  pipeline::ApiReach reach() const override {
    return pipeline::ApiReach{network_path_, kApiPort, account_.path()};
  }
  std::uint64_t requests() const override { return server_ ? server_->requests() : 0; }

  api::OwnedDescriptor network_;  // the namespace's handle; the listener is the server's
  std::string network_path_;
  std::unique_ptr<WorkflowObjects> objects_;  // outlives the server, whose router points at it
  api::ServiceAccountFiles account_;
  api::ApiKitPool& kits_;  // the host's, which outlives its sessions
  std::unique_ptr<api::ApiServer> server_;
};

class Host : public PlatformApiHost {
 public:
  Host(PipelineApiSettings settings, std::shared_ptr<api::AuditLog> audit)
      : settings_(std::move(settings)), audit_(std::move(audit)) {}

  void serve_platform(const Platform* platform) override {
    platform_ = platform == nullptr ? nullptr : std::make_shared<LoadedPlatformObjects>(*platform, ledger_);
  }
  const ApiRequestLedger& ledger() const override { return ledger_; }
  void make_ahead() override { kits_.make_ahead(); }

  Result<std::unique_ptr<pipeline::PipelineApiSession>> start(
      const pipeline::Pipeline& pipeline, const pipeline::WorkflowObject& object, const fs::path& /*scratch*/,
      pipeline::PipelineObjectAccess& access) override {
    auto kit = kits_.take();  // made ahead while the previous pipeline ran, when it could be
    if (!kit) return kit.error();
    if (!kit->account) return make_error("the platform API's kit has no service account directory");
    auto session = std::make_unique<Session>(
        std::move(kit->namespace_handle), kit->namespace_path,
        std::make_unique<WorkflowObjects>(access, promise_stub(object), platform_, creator_directory(object)),
        std::move(*kit->account), kits_);
    api::PipelineView view =
        view_of(pipeline, object, settings_, *session->objects_, session->objects_->platform());
    if (Status written = session->account_.write_namespace(view.access.namespace_name); !written) {
      return written.error();
    }
    const std::string label =
        (object.namespace_.empty() ? "" : object.namespace_ + "/") + object.name + "/" + pipeline.name;
    auto server = api::ApiServer::start(api::Router(std::move(view)),
                                        api::ServerSettings{label, std::move(kit->token), {}, audit_},
                                        std::move(kit->server));
    if (!server) return server.error();
    session->server_ = std::move(*server);
    return std::unique_ptr<pipeline::PipelineApiSession>(std::move(session));
  }

 private:
  PipelineApiSettings settings_;
  std::shared_ptr<api::AuditLog> audit_;
  ApiRequestLedger ledger_;                          // of the whole run
  std::shared_ptr<LoadedPlatformObjects> platform_;  // of the platform reconciled now
  // Each pipeline's namespace, CA, token and prepared server, made one ahead; each is handed out once, and
  // the sessions own theirs. Declared last: its maker stops, and a kit not handed out is dropped, first.
  api::ApiKitPool kits_{kApiPort, settings_.scratch_dir / "service-accounts"};
};

}  // namespace

Result<std::unique_ptr<PlatformApiHost>> make_pipeline_api_host(const PipelineApiSettings& settings) {
  if (settings.scratch_dir.empty()) return make_error("the platform API needs the run's scratch directory");
  std::shared_ptr<api::AuditLog> audit;
  if (!settings.audit_file.empty()) {
    auto opened = api::AuditLog::open(settings.audit_file);
    if (!opened) return opened.error();
    audit = *opened;
  }
  return std::unique_ptr<PlatformApiHost>(std::make_unique<Host>(settings, audit));
}

}  // namespace ferry::runner

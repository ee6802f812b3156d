#include "platform/object_parsers.h"

#include <algorithm>

#include "core/kubernetes_names.h"
#include "core/object_metadata.h"
#include "pipeline/promise_parser.h"
#include "pipeline/reconcile_controls_parser.h"
#include "pipeline/spec_json.h"
#include "platform/destination_filepath_parser.h"
#include "platform/destination_parser.h"
#include "platform/health_record_parser.h"
#include "platform/kind_fields.h"
#include "platform/promise_release_parser.h"
#include "platform/resource_binding_parser.h"
#include "platform/scheduling_objects.h"
#include "writer/store_url.h"

namespace ferry::runner {

namespace {

// spec.secretRef {name, namespace}; absent means no credentials.
Result<std::optional<StoreSecretRef>> parse_secret_ref(const YAML::Node& spec, const std::string& file) {
  const YAML::Node node = child(spec, "secretRef");
  if (!node.IsDefined() || node.IsNull()) return std::optional<StoreSecretRef>{};
  if (!node.IsMap()) {
    return make_error(location_of(node, file),
                      "\"spec.secretRef\" must be a map, found " + describe_node_type(node));
  }
  StoreSecretRef ref;
  ref.where = location_of(node, file);
  auto name = required_string(node, "name", "spec.secretRef.name", file);
  if (!name) return name.error();
  // The name becomes a directory of the secrets directory: the object name rule lets no '/' or ".." pass.
  if (Status valid = check_name(child(node, "name"), NameRule::object_name, "spec.secretRef.name", file);
      !valid)
    return valid.error();
  ref.name = *name;
  auto ns = optional_string(node, "namespace", "spec.secretRef.namespace", file);
  if (!ns) return ns.error();
  if (Status valid =
          check_name(child(node, "namespace"), NameRule::namespace_name, "spec.secretRef.namespace", file);
      !valid)
    return valid.error();
  ref.namespace_ = ns->value_or("default");
  return std::optional<StoreSecretRef>(std::move(ref));
}

Status parse_auth_method(const YAML::Node& spec, const std::string& file, GitStateStore& store) {
  auto method = optional_string(spec, "authMethod", "spec.authMethod", file);
  if (!method) return method.error();
  const std::string value = method->value_or("basicAuth");
  if (value == "basicAuth") store.auth_method = StoreAuthMethod::basic_auth;
  if (value == "ssh") store.auth_method = StoreAuthMethod::ssh;
  if (value == "githubApp") {
    return make_error(store.auth_where,
                      "authMethod githubApp is not supported; use basicAuth with an installation token as "
                      "\"password\", or ssh");
  }
  if (value != "basicAuth" && value != "ssh") {
    return make_error(store.auth_where, "\"spec.authMethod\" must be basicAuth or ssh, found " + value);
  }
  return ok();
}

// The URL's syntax (writer/store_url.h), and whether the auth method fits its transport.
Status check_url(const GitStateStore& store) {
  auto url = writer::parse_store_url(store.url, "/");
  if (!url) return make_error(store.url_where, url.error().message);
  const bool ssh_url = url->transport == writer::StoreTransport::kSsh;
  if (store.auth_method == StoreAuthMethod::ssh && !ssh_url) {
    return make_error(store.auth_where, "authMethod ssh needs an ssh:// or user@host:path URL, found " +
                                            writer::redact_url(store.url));
  }
  if (store.auth_method == StoreAuthMethod::basic_auth && ssh_url && store.secret_ref) {
    return make_error(store.secret_ref->where,
                      "an ssh URL needs \"spec.authMethod: ssh\" to use the keys of "
                      "spec.secretRef (basicAuth is for https:// URLs)");
  }
  return ok();
}

Status parse_author(const YAML::Node& spec, const std::string& file, writer::Author& author) {
  const YAML::Node node = child(spec, "gitAuthor");
  auto name = optional_string(node, "name", "spec.gitAuthor.name", file);
  if (!name) return name.error();
  auto email = optional_string(node, "email", "spec.gitAuthor.email", file);
  if (!email) return email.error();
  author.name = name->value_or(author.name);
  author.email = email->value_or(author.email);
  return ok();
}

// A parsed Destination (or Cluster) and its spec.filepath; the first of a name keeps its filepath.
void add_destination(scheduler::Destination destination, DestinationFilepath filepath, Platform& platform) {
  platform.filepaths.emplace(destination.name, std::move(filepath));
  platform.destinations.push_back(std::move(destination));
}

}  // namespace

Result<GitStateStore> parse_git_state_store(const YamlDocument& document) {
  const std::string& file = document.file;
  if (Status known = check_known_fields(document.node, git_state_store_fields(), "", file); !known)
    return known.error();
  GitStateStore store;
  store.where = location_of(document.node, file);
  auto metadata = read_object_metadata(document, {.metadata_required = false});
  if (!metadata) return metadata.error();
  store.name = metadata->name;
  auto spec = required_map(document.node, "spec", "spec", file);
  if (!spec) return spec.error();
  auto url = required_string(*spec, "url", "spec.url", file);
  if (!url) return url.error();
  store.url = *url;
  store.url_where = location_of(child(*spec, "url"), file);
  store.auth_where =
      child(*spec, "authMethod").IsDefined() ? location_of(child(*spec, "authMethod"), file) : store.where;
  auto branch = optional_string(*spec, "branch", "spec.branch", file);
  if (!branch) return branch.error();
  store.branch = branch->value_or("main");
  auto path = optional_string(*spec, "path", "spec.path", file);
  if (!path) return path.error();
  store.path = path->value_or("");
  while (store.path.starts_with('/')) store.path.erase(0, 1);  // Kratix trims a leading '/' (§4.1)
  auto secret_ref = parse_secret_ref(*spec, file);
  if (!secret_ref) return secret_ref.error();
  store.secret_ref = std::move(*secret_ref);
  if (Status auth = parse_auth_method(*spec, file, store); !auth) return auth.error();
  if (Status checked = check_url(store); !checked) return checked.error();
  if (Status author = parse_author(*spec, file, store.author); !author) return author.error();
  return store;
}

Result<pipeline::Request> parse_request(const YamlDocument& document, const std::string& promise,
                                        const YAML::Node* object) {
  const std::string& file = document.file;
  pipeline::Request request;
  request.promise = promise;
  request.where = location_of(document.node, file);
  request.api_version = child(document.node, "apiVersion").Scalar();
  request.kind = child(document.node, "kind").Scalar();
  if (Status known =
          check_known_fields(child(document.node, "metadata"), object_meta_fields(), "metadata", file);
      !known)
    return known.error();
  auto metadata = read_object_metadata(document, {.namespace_ = true});
  if (!metadata) return metadata.error();
  request.name = metadata->name;
  request.namespace_ = metadata->namespace_.value_or("default");
  auto controls = pipeline::read_reconcile_controls(document.node, false, file);
  if (!controls) return controls.error();
  request.controls = std::move(*controls);
  set_request_object(request, object ? *object : document.node);
  return request;
}

void set_request_object(pipeline::Request& request, const YAML::Node& object) {
  request.object_yaml = to_yaml_text(object);
  request.spec_md5 = pipeline::request_spec_md5(object);
}

const std::map<std::string, KindHandler>& platform_kinds() {
  static const std::map<std::string, KindHandler> kinds = {
      {"Promise",
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto promise = pipeline::parse_promise(doc);
         if (!promise) return promise.error();
         platform.promises.push_back(std::move(*promise));
         return ok();
       }},
      {"Destination",
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto destination = parse_destination(doc);
         if (!destination) return destination.error();
         // Read after the scheduler's fields, so a document with errors in both reports theirs.
         auto filepath = parse_destination_filepath(doc);
         if (!filepath) return filepath.error();
         add_metric_references(doc, *destination, platform);
         add_destination(std::move(*destination), std::move(*filepath), platform);
         return ok();
       }},
      {"Cluster",  // the older API (seed 000): a Destination by another name
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto cluster = parse_cluster(doc);
         if (!cluster) return cluster.error();
         auto filepath = parse_destination_filepath(doc);
         if (!filepath) return filepath.error();
         add_destination(std::move(*cluster), std::move(*filepath), platform);
         return ok();
       }},
      {"GitStateStore",
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto store = parse_git_state_store(doc);
         if (!store) return store.error();
         platform.stores.push_back(std::move(*store));
         return ok();
       }},
      {"PromiseRelease",  // installed once every file is read (release_loading.h)
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto release = parse_promise_release(doc);
         if (!release) return release.error();
         platform.releases.push_back(std::move(*release));
         return ok();
       }},
      {"HealthRecord",
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto record = parse_health_record(doc);
         if (!record) return record.error();
         platform.health_records.push_back(std::move(*record));
         return ok();
       }},
      {"ResourceBinding",
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto binding = parse_resource_binding(doc);
         if (!binding) return binding.error();
         platform.bindings.push_back(std::move(*binding));
         return ok();
       }},
      {"BucketStateStore",
       [](const YamlDocument& doc, Platform&) -> Status {
         return make_error(location_of(doc.node, doc.file),
                           "BucketStateStore is not supported yet; use a GitStateStore");
       }},
  };
  return kinds;
}

}  // namespace ferry::runner

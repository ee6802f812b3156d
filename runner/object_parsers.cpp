#include "runner/object_parsers.h"

namespace ferry::runner {

Result<GitStateStore> parse_git_state_store(const YamlDocument& document) {
  const std::string& file = document.file;
  GitStateStore store;
  store.where = location_of(document.node, file);
  auto name = required_string(child(document.node, "metadata"), "name", "metadata.name", file);
  if (!name) return name.error();
  store.name = *name;
  auto spec = required_map(document.node, "spec", "spec", file);
  if (!spec) return spec.error();
  auto url = required_string(*spec, "url", "spec.url", file);
  if (!url) return url.error();
  store.url = *url;
  store.url_where = location_of(child(*spec, "url"), file);
  auto branch = optional_string(*spec, "branch", "spec.branch", file);
  if (!branch) return branch.error();
  store.branch = branch->value_or("main");
  auto path = optional_string(*spec, "path", "spec.path", file);
  if (!path) return path.error();
  store.path = path->value_or("");
  const YAML::Node author = child(*spec, "gitAuthor");
  auto author_name = optional_string(author, "name", "spec.gitAuthor.name", file);
  if (!author_name) return author_name.error();
  auto author_email = optional_string(author, "email", "spec.gitAuthor.email", file);
  if (!author_email) return author_email.error();
  store.author.name = author_name->value_or(store.author.name);
  store.author.email = author_email->value_or(store.author.email);
  return store;
}

Result<pipeline::Request> parse_request(const YamlDocument& document, const std::string& promise) {
  const std::string& file = document.file;
  pipeline::Request request;
  request.promise = promise;
  request.where = location_of(document.node, file);
  request.api_version = child(document.node, "apiVersion").Scalar();
  request.kind = child(document.node, "kind").Scalar();
  auto metadata = required_map(document.node, "metadata", "metadata", file);
  if (!metadata) return metadata.error();
  auto name = required_string(*metadata, "name", "metadata.name", file);
  if (!name) return name.error();
  request.name = *name;
  auto ns = optional_string(*metadata, "namespace", "metadata.namespace", file);
  if (!ns) return ns.error();
  request.namespace_ = ns->value_or("default");
  request.object_yaml = to_yaml_text(document.node);
  return request;
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
         auto destination = scheduler::parse_destination(doc);
         if (!destination) return destination.error();
         platform.destinations.push_back(std::move(*destination));
         return ok();
       }},
      {"Cluster",  // the older API (seed 000): a Destination by another name
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto cluster = scheduler::parse_cluster(doc);
         if (!cluster) return cluster.error();
         platform.destinations.push_back(std::move(*cluster));
         return ok();
       }},
      {"GitStateStore",
       [](const YamlDocument& doc, Platform& platform) -> Status {
         auto store = parse_git_state_store(doc);
         if (!store) return store.error();
         platform.stores.push_back(std::move(*store));
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

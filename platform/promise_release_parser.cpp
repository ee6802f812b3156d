// PromiseRelease: metadata.name, spec.version, spec.sourceRef {type, url, secretRef}
// (promise_release_parser.h).
#include "platform/promise_release_parser.h"

#include "core/kubernetes_names.h"
#include "core/object_metadata.h"
#include "platform/kind_fields.h"

namespace ferry::runner {

namespace {

Result<std::optional<ReleaseSecretRef>> parse_release_secret_ref(const YAML::Node& source_ref,
                                                                 const std::string& file) {
  const YAML::Node node = child(source_ref, "secretRef");
  if (!node.IsDefined() || node.IsNull()) return std::optional<ReleaseSecretRef>{};
  if (!node.IsMap()) {
    return make_error(location_of(node, file),
                      "\"spec.sourceRef.secretRef\" must be a map, found " + describe_node_type(node));
  }
  ReleaseSecretRef ref;
  ref.where = location_of(node, file);
  auto name = required_string(node, "name", "spec.sourceRef.secretRef.name", file);
  if (!name) return name.error();
  // The name becomes a directory of the secrets directory: the object name rule lets no '/' or ".." pass.
  if (Status valid =
          check_name(child(node, "name"), NameRule::object_name, "spec.sourceRef.secretRef.name", file);
      !valid)
    return valid.error();
  ref.name = *name;
  auto ns = optional_string(node, "namespace", "spec.sourceRef.secretRef.namespace", file);
  if (!ns) return ns.error();
  ref.namespace_ = ns->value_or("default");
  return std::optional<ReleaseSecretRef>(std::move(ref));
}

}  // namespace

Result<PromiseRelease> parse_promise_release(const YamlDocument& document) {
  const std::string& file = document.file;
  if (Status known = check_known_fields(document.node, promise_release_fields(), "", file); !known)
    return known.error();
  PromiseRelease release;
  release.where = location_of(document.node, file);
  auto metadata = read_object_metadata(document, {.metadata_required = true});
  if (!metadata) return metadata.error();
  release.name = metadata->name;
  auto spec = required_map(document.node, "spec", "spec", file);
  if (!spec) return spec.error();
  auto version = optional_string(*spec, "version", "spec.version", file);
  if (!version) return version.error();
  release.version = version->value_or("");
  auto source_ref = required_map(*spec, "sourceRef", "spec.sourceRef", file);
  if (!source_ref) return source_ref.error();
  auto type = optional_string(*source_ref, "type", "spec.sourceRef.type", file);
  if (!type) return type.error();
  if (type->value_or("http") != "http") {
    return make_error(location_of(child(*source_ref, "type"), file),
                      "\"spec.sourceRef.type\" must be http (the only type Kratix has), found " + **type);
  }
  auto url = required_string(*source_ref, "url", "spec.sourceRef.url", file);
  if (!url) return url.error();
  if (!url->starts_with("https://") && !url->starts_with("http://")) {
    return make_error(location_of(child(*source_ref, "url"), file),
                      "\"spec.sourceRef.url\" must be an https:// (or http://) URL, found " + *url);
  }
  release.url = *url;
  auto secret_ref = parse_release_secret_ref(*source_ref, file);
  if (!secret_ref) return secret_ref.error();
  release.secret_ref = std::move(*secret_ref);
  return release;
}

}  // namespace ferry::runner

// A fetched PromiseRelease body checked and labelled as the Promise it installs (released_promise.h).
#include "platform/released_promise.h"

#include "pipeline/model.h"

namespace ferry::runner {

namespace {

// The error of `release`, at its document, about the body of its URL.
Error release_error(const PromiseRelease& release, const std::string& what) {
  return make_error(release.where, release_name(release) + ": " + what);
}

}  // namespace

Result<YamlDocument> released_promise_document(PromiseRelease& release, const std::string& body,
                                               bool any_version) {
  auto documents = parse_yaml_stream(body, release.url);
  if (!documents)
    return release_error(release,
                         "the body of " + release.url + " is not YAML: " + documents.error().render());
  std::erase_if(*documents, [](const YamlDocument& doc) { return doc.node.IsNull(); });
  if (documents->size() != 1) {
    return release_error(release, "the body of " + release.url +
                                      " must be exactly one Promise document, found " +
                                      std::to_string(documents->size()) + " documents");
  }
  YamlDocument& doc = documents->front();
  const YAML::Node kind = child(doc.node, "kind");
  const YAML::Node api_version = child(doc.node, "apiVersion");
  if (!kind.IsScalar() || kind.Scalar() != "Promise" || !api_version.IsScalar() ||
      !api_version.Scalar().starts_with("platform.kratix.io/")) {
    return release_error(release, "the body of " + release.url + " is not a platform.kratix.io Promise" +
                                      (kind.IsScalar() ? " (its kind is " + kind.Scalar() + ")" : ""));
  }
  const YAML::Node label =
      child(child(child(doc.node, "metadata"), "labels"), pipeline::kPromiseVersionLabel);
  if (!label.IsScalar() || label.Scalar().empty()) {
    return release_error(release, "the Promise fetched from " + release.url + " has no label " +
                                      pipeline::kPromiseVersionLabel + " (Kratix: VersionLabelNotFound)");
  }
  if (release.version.empty()) release.version = label.Scalar();
  if (!any_version && label.Scalar() != release.version) {
    return release_error(release, "the Promise fetched from " + release.url + " is version " +
                                      label.Scalar() + ", but spec.version is " + release.version +
                                      " (Kratix: VersionNotMatching)");
  }
  doc.node["metadata"]["labels"][kPromiseReleaseLabel] = release.name;
  return doc;
}

}  // namespace ferry::runner

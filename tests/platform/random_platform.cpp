// The load cache tests' platform (random_platform.h).
#include "tests/platform/random_platform.h"

namespace ferry::runner::load_cache_testing {

std::string promise_text(int p, const std::string& size_schema) {
  const std::string n = std::to_string(p);
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: Promise\nmetadata: {name: p" + n +
         "}\nspec:\n  api:\n    apiVersion: apiextensions.k8s.io/v1\n    kind: CustomResourceDefinition\n"
         "    metadata: {name: things" +
         n + ".g" + n + ".example.com}\n    spec:\n      group: g" + n +
         ".example.com\n      names: {kind: Thing" + n + ", plural: things" + n +
         "}\n      versions:\n        - name: v1\n          served: true\n          storage: true\n"
         "          schema:\n            openAPIV3Schema:\n              type: object\n"
         "              properties:\n                spec:\n                  type: object\n"
         "                  properties:\n                    size: " +
         size_schema + "\n  destinationSelectors:\n    - matchLabels: {env: dev}\n";
}

std::string request_text(int p, const std::string& name, const std::string& size) {
  const std::string n = std::to_string(p);
  return "apiVersion: g" + n + ".example.com/v1\nkind: Thing" + n + "\nmetadata:\n  name: " + name +
         "\n  namespace: default\nspec:\n  size: " + size + "\n";
}

std::string binding_text(const std::string& name, int p, const std::string& request,
                         const std::string& labels) {
  return "apiVersion: platform.kratix.io/v1alpha1\nkind: ResourceBinding\nmetadata:\n  name: " + name +
         "\n  namespace: default\n  labels: " +
         (labels.empty() ? "{kratix.io/promise-name: p" + std::to_string(p) +
                               ", kratix.io/resource-name: " + request + "}"
                         : labels) +
         "\nspec: {version: v1}\n";
}

std::string outcome(const LoadResult& loaded) {
  std::string text;
  for (const Error& e : loaded.errors) text += "error " + e.render() + "\n";
  for (const Error& w : loaded.warnings) text += "warning " + w.render() + "\n";
  for (const pipeline::Request& r : loaded.platform.requests) {
    text += "request " + r.promise + " " + r.api_version + " " + r.kind + " " + r.namespace_ + "/" + r.name +
            " " + r.where.render() + " " + r.spec_md5 + " " + std::to_string(r.controls.paused) +
            std::to_string(r.controls.manual_reconciliation) + "\n" + r.object_yaml + "\n";
  }
  for (const auto& p : loaded.platform.promises) text += "promise " + p.name + "\n";
  for (const auto& d : loaded.platform.destinations) text += "destination " + d.name + "\n";
  for (const auto& u : loaded.unserved_requests) text += "unserved " + u.kind + " " + u.error.render() + "\n";
  for (const ResourceBinding& b : loaded.platform.bindings) {
    text += "binding " + b.name + " " + b.namespace_ + " " + b.promise + " " + b.request + " " + b.version +
            " " + std::to_string(b.manual_reconciliation) + " " + b.where.render() + "\n";
  }
  for (const pipeline::Request& r : loaded.platform.requests)
    text += "bound " + r.name + " " + r.binding.version + " " + r.binding.binding_name + "\n";
  return text;
}

RandomPlatform::RandomPlatform(unsigned seed) : random_(seed) {
  files_["base.yaml"] = kBase;
  for (int p = 0; p < 3; ++p) files_["promises/p" + std::to_string(p) + ".yaml"] = promise_text(p, kString);
  for (int r = 0; r < 8; ++r) files_[request_path(r)] = request_file(r);
  for (int b = 0; b < 3; ++b) files_[binding_path(b)] = binding_file(b);
  for (int m = 0; m < 24; ++m) many_.push_back(many_document(m));
  edit_many();
}

void RandomPlatform::edit() {
  const int r = pick(12);
  switch (pick(20)) {
    case 15:
    case 16:
    case 17:
    case 18:
    case 19:
      edit_many();
      break;
    case 11:
      files_[binding_path(pick(4))] = binding_file(r);
      break;
    case 12:  // a binding that does not load: a label missing, or a name no object may have
      files_[binding_path(pick(4))] =
          pick(2) ? binding_text("b" + std::to_string(r), 0, "r0-0", "{kratix.io/promise-name: p0}")
                  : binding_text("Bad_Name", pick(3), "r" + std::to_string(r) + "-0");
      break;
    case 13:  // a request and its binding in one file
      files_[request_path(r)] = request_file(r) + "---\n" + binding_file(r);
      break;
    case 14:
      files_.erase(binding_path(pick(4)));
      break;
    case 0:
      files_[request_path(r)] = request_file(r);
      break;
    case 1:
      files_.erase(request_path(r));
      break;
    case 2:
      files_[request_path(r)] = request_text(pick(4), "bad_name" + std::to_string(r), "small");
      break;
    case 3:
      files_[request_path(r)] = request_text(pick(3), "n" + std::to_string(r), "{not: a string}");
      break;
    case 4:
      files_[request_path(r)] = "kind: [unclosed\n";
      break;
    case 5: {
      const int p = pick(3);
      const char* schemas[] = {kString, "{type: string, default: medium}", "{type: integer}",
                               "{type: string, enum: [small, large]}"};
      files_["promises/p" + std::to_string(p) + ".yaml"] = promise_text(p, schemas[pick(4)]);
      break;
    }
    case 6:
      files_.erase("promises/p" + std::to_string(pick(3)) + ".yaml");
      break;
    case 7:
      files_["promises/p" + std::to_string(pick(4)) + ".yaml"] = promise_text(pick(4), kString);
      break;
    case 8:
      files_["more/destination.yaml"] = pick(2) ? std::string(kBase) : "";
      break;
    case 9:
      files_[request_path(r)] =
          request_file(r) + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n";
      break;
    default:
      files_[request_path(r)] =
          request_file(r) + "---\n" + request_text(pick(3), "n" + std::to_string(r), "x");
  }
}

std::string RandomPlatform::many_document(int m) {
  const std::string name = "m" + std::to_string(m);
  switch (pick(12)) {
    case 0:
      return binding_text("pin-" + name, pick(3), "m" + std::to_string(pick(m + 1)));
    case 1:  // comment and blank lines: every line below moves by as many
      return "# " + name + "\n\n" + std::string(static_cast<std::size_t>(pick(4)), '\n') +
             request_text(pick(3), name, "small");
    case 2:
      return request_text(pick(3), "bad_" + name, "small");
    case 3:
      return request_text(pick(3), name, "{not: a string}");
    default:
      return request_text(pick(3), name, pick(2) ? "small" : "large");
  }
}

void RandomPlatform::edit_many() {
  const std::size_t at = static_cast<std::size_t>(pick(static_cast<int>(many_.size()) + 1));
  const std::string document = many_document(++many_names_ % 40);
  switch (pick(8)) {
    case 0:
    case 1:
      if (at < many_.size()) many_[at] = document;
      break;
    case 2:
      many_.insert(many_.begin() + static_cast<long>(at), document);
      break;
    case 3:
    case 4:
      if (at < many_.size()) many_.erase(many_.begin() + static_cast<long>(at));
      break;
    case 5:  // not a request, or not parsed: the file is loaded whole until it is edited out
      if (pick(2)) break;
      many_.insert(many_.begin() + static_cast<long>(at), pick(2) ? "apiVersion: v1\nkind: ConfigMap\n"
                                                                    "metadata: {name: c}\n"
                                                                  : "kind: [unclosed\n");
      break;
    case 6:
      many_head_ = pick(2) ? "" : "# many documents\n" + std::string(static_cast<std::size_t>(pick(3)), '\n');
      break;
    default:  // a document that is neither a request nor a binding is removed again
      for (std::size_t m = 0; m < many_.size(); ++m) {
        if (many_[m].find("ConfigMap") != std::string::npos || many_[m].find("unclosed") != std::string::npos)
          many_.erase(many_.begin() + static_cast<long>(m--));
      }
  }
  std::string text = many_head_;
  for (std::size_t m = 0; m < many_.size(); ++m) text += (m || !many_head_.empty() ? "---\n" : "") + many_[m];
  files_["requests/many.yaml"] = text;
}

std::vector<PlatformFile> RandomPlatform::files() const {
  std::vector<PlatformFile> out;
  for (const auto& [path, text] : files_) out.push_back({"/platform/" + path, text});
  return out;
}

std::string RandomPlatform::binding_file(int r) {
  std::string text;
  for (int d = 0, documents = 1 + pick(2); d < documents; ++d) {
    const std::string request = "r" + std::to_string(r) + "-" + std::to_string(d);
    text +=
        (d ? "---\n" : "") + binding_text("pin-" + request + "-" + std::to_string(pick(2)), pick(3), request);
  }
  return text;
}

std::string RandomPlatform::request_file(int r) {
  std::string text;
  for (int d = 0, documents = 1 + pick(3); d < documents; ++d) {
    text += (d ? "---\n" : "") + request_text(pick(3), "r" + std::to_string(r) + "-" + std::to_string(d),
                                              pick(2) ? "small" : "large");
  }
  return text;
}

}  // namespace ferry::runner::load_cache_testing

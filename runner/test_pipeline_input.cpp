#include "runner/test_pipeline_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "pipeline/openapi_validate.h"
#include "pipeline/promise_parser.h"
#include "platform/object_parsers.h"
#include "run/workflow_runs.h"

namespace ferry::runner {
namespace {

constexpr const char* kKratixGroup = "platform.kratix.io";

Result<std::vector<YamlDocument>> read_documents(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in)
    return make_error(SourceLocation{file}, std::string("cannot read this file: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_yaml_stream(text.str(), file);
}

std::string group_of(const std::string& api_version) {
  const auto slash = api_version.find('/');
  return slash == std::string::npos ? "" : api_version.substr(0, slash);
}

// The only Promise document of the file; other kinds are ignored.
Result<pipeline::Promise> read_promise(const std::string& file) {
  auto documents = read_documents(file);
  if (!documents) return documents.error();
  const YamlDocument* found = nullptr;
  for (const YamlDocument& doc : *documents) {
    if (child(doc.node, "kind").IsScalar() && child(doc.node, "kind").Scalar() == "Promise") {
      if (found)
        return make_error(location_of(doc.node, file), "a second Promise: --promise takes a file with one");
      found = &doc;
    }
  }
  if (!found) return make_error(SourceLocation{file}, "no Promise in this file (a document of kind Promise)");
  return pipeline::parse_promise(*found);
}

// The one document of the --input file, with its apiVersion and kind.
Result<YamlDocument> read_object(const std::string& file) {
  auto documents = read_documents(file);
  if (!documents) return documents.error();
  if (documents->empty()) return make_error(SourceLocation{file}, "no object in this file");
  if (documents->size() > 1) {
    return make_error(location_of((*documents)[1].node, file), "a second document: --input takes one object");
  }
  const YamlDocument& doc = documents->front();
  for (const char* key : {"apiVersion", "kind"}) {
    if (auto field = required_string(doc.node, key, key, file); !field) return field.error();
  }
  return doc;
}

// The object's kind and group must be what the workflow runs on: the Promise's API, or the Promise.
Status check_kind(const YamlDocument& doc, const std::string& kind, const std::string& group,
                  const std::string& what) {
  const std::string found_kind = child(doc.node, "kind").Scalar();
  const std::string found_group = group_of(child(doc.node, "apiVersion").Scalar());
  if (found_kind == kind && found_group == group) return ok();
  return make_error(location_of(child(doc.node, "kind"), doc.file),
                    "kind " + found_kind + " of group " + found_group + " is not what " + what +
                        " runs on: kind " + kind + " of group " + group);
}

// The request as the API server would admit it (as the platform loader does): a served version, valid
// against that version's schema, the schema's defaults applied.
void admit_request(const YamlDocument& doc, const TestSubject& subject, TestSubjectLoad& load) {
  const pipeline::ApiRef& api = *subject.promise.api;
  const std::string api_version = child(doc.node, "apiVersion").Scalar();
  const std::string version = api_version.substr(api_version.find('/') + 1);
  if (std::find(api.served_versions.begin(), api.served_versions.end(), version) ==
      api.served_versions.end()) {
    load.errors.push_back(make_error(
        location_of(child(doc.node, "apiVersion"), doc.file),
        "Promise " + subject.promise.name + " does not serve version " + version + " of " + api.kind));
    return;
  }
  const auto schema = api.schemas.find(version);
  if (schema != api.schemas.end()) {
    load.errors = pipeline::validate_object(*schema->second, doc.node, doc.file);
    if (!load.errors.empty()) return;
  }
  auto request = parse_request(doc, subject.promise.name);
  if (!request) return load.errors.push_back(request.error());
  if (schema != api.schemas.end()) {
    set_request_object(*request, pipeline::apply_defaults(*schema->second, doc.node));
  }
  load.subject = subject;
  load.subject->object = request_workflow_object(*request, subject.promise, subject.object.action);
}

// A promise workflow runs on the Promise itself; an --input given instead must be a Promise.
void admit_promise(const std::string& input_file, const TestSubject& subject, TestSubjectLoad& load) {
  load.subject = subject;
  load.subject->object = promise_workflow_object(subject.promise, subject.object.action);
  if (input_file.empty()) return;
  auto doc = read_object(input_file);
  const Status checked =
      doc ? check_kind(*doc, "Promise", kKratixGroup, subject.workflow + " (the Promise itself)")
          : doc.error();
  if (!checked) {
    load.subject.reset();
    return load.errors.push_back(checked.error());
  }
  load.subject->object.object_yaml = to_yaml_text(doc->node);
}

Status check_declared(const pipeline::Promise& promise, const std::string& workflow) {
  const auto it = promise.workflows.find(workflow);
  if (it != promise.workflows.end() && !it->second.empty()) return ok();
  std::string declared;
  for (const auto& [name, pipelines] : promise.workflows) {
    if (!pipelines.empty()) declared += (declared.empty() ? "" : ", ") + name;
  }
  return make_error(promise.where, "Promise " + promise.name + " declares no " + workflow +
                                       " workflow; it declares " + (declared.empty() ? "none" : declared));
}

}  // namespace

const std::vector<std::string>& test_workflow_names() {
  static const std::vector<std::string> names = {"resource.configure", "resource.delete", "promise.configure",
                                                 "promise.delete"};
  return names;
}

TestSubjectLoad load_test_subject(const std::string& promise_file, const std::string& input_file,
                                  const std::string& workflow) {
  TestSubjectLoad load;
  auto promise = read_promise(promise_file);
  if (!promise) return {std::nullopt, {promise.error()}};
  if (Status declared = check_declared(*promise, workflow); !declared)
    return {std::nullopt, {declared.error()}};
  const auto dot = workflow.find('.');
  TestSubject subject{std::move(*promise), workflow, {}};
  subject.object.action = workflow.substr(dot + 1);
  if (workflow.starts_with("promise.")) {
    admit_promise(input_file, subject, load);
    return load;
  }
  if (!subject.promise.api) {
    return {std::nullopt,
            {make_error(subject.promise.where, "Promise " + subject.promise.name +
                                                   " serves no API (spec.api): " + workflow +
                                                   " has no requests to run on")}};
  }
  if (input_file.empty())
    return {std::nullopt, {make_error(workflow + " needs --input: a request of the Promise's API")}};
  auto doc = read_object(input_file);
  if (!doc) return {std::nullopt, {doc.error()}};
  const pipeline::ApiRef& api = *subject.promise.api;
  if (Status kind = check_kind(*doc, api.kind, api.group, workflow + " of Promise " + subject.promise.name);
      !kind) {
    return {std::nullopt, {kind.error()}};
  }
  admit_request(*doc, subject, load);
  return load;
}

}  // namespace ferry::runner

// Promise documents -> pipeline::Promise (reference §1.1): its API, workflows, selectors and requirements;
// errors carry file:line:column.
#pragma once

#include <array>
#include <map>
#include <optional>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/model.h"

namespace ferry::pipeline {

// Which fields a Promise may hold: `strict` refuses any field promise_fields.h does not list (and those it
// lists as not supported yet); `as_recorded` reads a Promise an earlier ferry accepted and recorded (run
// state), so that a field refused since cannot block its deletion.
enum class FieldCheck { strict, as_recorded };

// Parses a Promise document (kind already checked by the caller).
Result<Promise> parse_promise(const YamlDocument& document, FieldCheck check = FieldCheck::strict);

// The workflows a Promise may declare, as "<type>.<action>" names them.
inline constexpr std::array<const char*, 2> kWorkflowTypes = {"promise", "resource"};
inline constexpr std::array<const char*, 2> kWorkflowActions = {"configure", "delete"};

// A Promise in parts, as the Kratix CLI's `init promise --split` lays one out (docs/platform.md): the base
// document (apiVersion, kind, metadata and the rest of spec), and parts read from their own files that take
// the place of spec.api (a CustomResourceDefinition), spec.dependencies (a list of objects) and
// spec.workflows.<type>.<action> (a list of Pipelines, keyed "resource.configure"). Each part's errors name
// its own file.
struct PromiseParts {
  YamlDocument base;
  std::optional<YamlDocument> api = std::nullopt;
  std::optional<YamlDocument> dependencies = std::nullopt;
  std::map<WorkflowName, YamlDocument> workflows = {};
};

// Parses the Promise the parts make, exactly as parse_promise parses the same Promise written as one
// document (its object_yaml is that document).
Result<Promise> parse_promise_parts(const PromiseParts& parts, FieldCheck check = FieldCheck::strict);

}  // namespace ferry::pipeline

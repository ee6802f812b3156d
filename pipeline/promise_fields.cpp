#include "pipeline/promise_fields.h"

#include "pipeline/pipeline_fields.h"

namespace ferry::pipeline {
namespace {

// workflows.config: both fields change where and when Kratix runs a workflow; not honoured yet.
const FieldTable& workflow_config_fields() {
  static const FieldTable table{
      {{"pipelineNamespace"}, {"reconciliationInterval"}}};
  return table;
}

// workflows.promise and workflows.resource: each action is a list of Pipelines.
const FieldTable& workflow_trigger_fields() {
  static const FieldTable table{
      {list_of("configure", &pipeline_fields()), list_of("delete", &pipeline_fields())}};
  return table;
}

const FieldTable& workflows_fields() {
  static const FieldTable table{{{"config", &workflow_config_fields()},
                                 {"promise", &workflow_trigger_fields()},
                                 {"resource", &workflow_trigger_fields()}}};
  return table;
}

const FieldTable& required_promise_fields() {
  static const FieldTable table{{{"name"}, {"version"}}};
  return table;
}

// PromiseScheduling: Kratix's matchLabels, and ferry's matchExpressions (label_selector_parser.h checks
// each expression's keys).
const FieldTable& destination_selector_fields() {
  static const FieldTable table{{{"matchLabels"}, {"matchExpressions"}}};
  return table;
}

const FieldTable& promise_spec_fields() {
  static const FieldTable table{{{"api"},
                                 {"workflows", &workflows_fields()},
                                 list_of("requiredPromises", &required_promise_fields()),
                                 {"dependencies"},
                                 list_of("destinationSelectors", &destination_selector_fields()),
                                 {"clusterSelector"}}};
  return table;
}

}  // namespace

const FieldTable& promise_fields() {
  static const FieldTable table{{{"apiVersion"},
                                 {"kind"},
                                 {"metadata", &object_meta_fields()},
                                 {"spec", &promise_spec_fields()},
                                 {"status"}}};
  return table;
}

}  // namespace ferry::pipeline

#include "runner/test_pipeline_report.h"

#include "core/untrusted_text.h"
#include "run/promise_plan.h"
#include "run/request_plan.h"

namespace ferry::runner {
namespace {

std::string count(std::size_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string subject_line(const TestSubject& subject, std::size_t pipelines) {
  const pipeline::WorkflowObject& o = subject.object;
  const std::string object = o.workflow_type == "promise"
                                 ? "the Promise itself"
                                 : untrusted_line(o.kind + " " + o.namespace_ + "/" + o.name);
  return "ferry: " + untrusted_line(subject.workflow) + " of Promise " +
         untrusted_line(subject.promise.name) + " on " + object + ": " + count(pipelines, "pipeline") +
         " ran\n";
}

std::string group_line(const TestSubject& subject, const pipeline::PipelineResult& result,
                       const pipeline::OutputGroup& group) {
  const scheduler::Selector selector = test_group_selector(subject, result, group);
  return "  group \"" + untrusted_line(group.directory) + "\" (" + group.id.substr(0, 5) +
         "): " + count(group.files.size(), "file") + ", selector " +
         untrusted_line(scheduler::to_string(selector)) + "\n";
}

}  // namespace

scheduler::Selector test_group_selector(const TestSubject& subject, const pipeline::PipelineResult& result,
                                        const pipeline::OutputGroup& group) {
  return subject.object.workflow_type == "promise"
             ? promise_group_selector(subject.promise, group)
             : group_selector(subject.promise, group, result.cluster_selectors);
}

std::string render_test_summary(const TestSubject& subject,
                                const std::vector<pipeline::PipelineResult>& results,
                                const std::filesystem::path& out) {
  std::string text = subject_line(subject, results.size());
  for (const pipeline::PipelineResult& result : results) {
    text +=
        "pipeline " + untrusted_line(result.pipeline) + ": " + count(result.groups.size(), "group") + "\n";
    for (const pipeline::OutputGroup& group : result.groups) text += group_line(subject, result, group);
    if (result.suspension) {
      text += "  suspended" +
              (result.suspension->message.empty() ? "" : ": " + untrusted_line(result.suspension->message)) +
              "\n";
    }
  }
  if (!results.empty() && !results.back().message.empty())
    text += "status.message: " + untrusted_line(results.back().message) + "\n";
  return text + "wrote " + untrusted_line(out.string()) + "\n";
}

}  // namespace ferry::runner

#include "runner/metrics_file.h"

#include <unistd.h>

#include <fstream>
#include <map>
#include <sstream>
#include <system_error>

#include "core/untrusted_text.h"
#include "runner/report.h"

namespace ferry::runner {
namespace {

double unix_seconds(std::chrono::system_clock::time_point when) {
  return std::chrono::duration<double>(when.time_since_epoch()).count();
}

std::string sample_text(double value) {
  std::ostringstream out;
  out.precision(15);
  out << value;
  return out.str();
}

std::string metric(const std::string& type, const std::string& name, const std::string& help,
                   const std::string& samples) {
  return "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n" + samples;
}

std::string gauge(const std::string& name, const std::string& help, const std::string& samples) {
  return metric("gauge", name, help, samples);
}

// ferry_push_retries_total counts over every run that wrote this file: the previous file's value plus this
// run's retries (kept as it was by a run without a report), so Prometheus's rate() works across runs; a
// deleted file restarts it at 0, which Prometheus reads as a counter reset.
std::string push_retries_counter(const RunReport* report, const std::string& previous) {
  const double before = sample_value(previous, "ferry_push_retries_total").value_or(0);
  const double total = before + (report ? push_retries_of(*report) : 0);
  return metric(
      "counter", "ferry_push_retries_total",
      "Pushes to remote state stores refused because the branch had moved and retried on its new tip, "
      "over every run that wrote this file.",
      "ferry_push_retries_total " + sample_text(total) + "\n");
}

// ferry_objects{kind="request",result="..."}: every result, zeros included, so alerts can test them.
std::string object_samples(const RunReport& report) {
  std::string out;
  for (const auto& [kind, entries] :
       {std::pair{"promise", &report.promises}, std::pair{"request", &report.requests}}) {
    std::map<RequestResult, int> counts;
    for (const auto& r : *entries) ++counts[r.result];
    for (RequestResult result : kResultsInReportOrder) {
      out += "ferry_objects{kind=\"" + prometheus_label_value(kind) + "\",result=\"" +
             prometheus_label_value(to_string(result)) + "\"} " + std::to_string(counts[result]) + "\n";
    }
  }
  return out;
}

std::size_t commit_count(const RunReport& report) {
  std::size_t commits = 0;
  for (const auto* entries : {&report.promises, &report.requests})
    for (const auto& r : *entries) commits += r.commits.size();
  return commits + report.canary_commits.size();
}

}  // namespace

std::optional<double> sample_value(const std::string& text, const std::string& metric) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(metric + " ", 0) != 0) continue;
    try {
      return std::stod(line.substr(metric.size() + 1));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::string render_metrics(const RunReport* report, int exit_code, const RunTiming& timing,
                           const std::string& previous) {
  std::string out;
  out += gauge("ferry_last_run_timestamp_seconds", "When the last ferry run finished (Unix time).",
               "ferry_last_run_timestamp_seconds " + sample_text(unix_seconds(timing.finished)) + "\n");
  std::optional<double> last_success = exit_code == 0
                                           ? std::optional(unix_seconds(timing.finished))
                                           : sample_value(previous, "ferry_last_success_timestamp_seconds");
  if (last_success) {
    out += gauge("ferry_last_success_timestamp_seconds", "When a ferry run last finished with exit status 0.",
                 "ferry_last_success_timestamp_seconds " + sample_text(*last_success) + "\n");
  }
  out +=
      gauge("ferry_last_run_duration_seconds", "How long the last run took.",
            "ferry_last_run_duration_seconds " +
                sample_text(std::chrono::duration<double>(timing.finished - timing.started).count()) + "\n");
  out += gauge("ferry_last_run_exit_code",
               "The last run's exit status (0 ok, 1 could not start, 3 failed or "
               "pending objects, 4 misplaced groups).",
               "ferry_last_run_exit_code " + std::to_string(exit_code) + "\n");
  out += push_retries_counter(report, previous);
  if (!report) return out;
  out += gauge("ferry_objects", "Promises and requests of the last run by result.", object_samples(*report));
  out += gauge("ferry_commits", "Commits the last run made to state stores.",
               "ferry_commits " + std::to_string(commit_count(*report)) + "\n");
  return out;
}

Status write_metrics_file(const std::filesystem::path& path, const RunReport* report, int exit_code,
                          const RunTiming& timing) {
  std::string previous;
  if (std::ifstream in(path); in) previous.assign(std::istreambuf_iterator<char>(in), {});
  const std::string text = render_metrics(report, exit_code, timing, previous);
  std::filesystem::path temporary = path;
  temporary += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) return make_error("cannot write the metrics file " + temporary.string());
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    std::filesystem::remove(temporary, ec);
    return make_error("cannot replace the metrics file " + path.string() + ": " + ec.message());
  }
  return ok();
}

}  // namespace ferry::runner

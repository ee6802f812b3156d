#include "runner/validate_report.h"

#include <nlohmann/json.hpp>

#include "core/untrusted_text.h"
#include "platform/loader.h"
#include "runner/report.h"

namespace ferry::runner {
namespace {

// "1 Promise", "2 Promises": `noun` is singular, its plural adds an "s".
std::string counted(std::size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

nlohmann::ordered_json diagnostics_json(const std::vector<Error>& diagnostics) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Error& e : diagnostics) {
    const SourceLocation where = e.where.value_or(SourceLocation{});
    list.push_back(
        {{"file", where.file}, {"line", where.line}, {"column", where.column}, {"message", e.message}});
  }
  return list;
}

}  // namespace

std::string render_validation_text(const LoadResult& loaded, const std::string& platform_dir) {
  std::string out = render_diagnostics(loaded.errors, loaded.warnings);
  if (!loaded.errors.empty()) {
    return out + "ferry: " + std::to_string(loaded.errors.size()) + " error(s) in " +
           untrusted_line(platform_dir) + "\n";
  }
  const Platform& p = loaded.platform;
  out += "ferry: " + untrusted_line(platform_dir) + " is valid: " + counted(p.promises.size(), "Promise") +
         ", " + counted(p.requests.size(), "request") + ", " + counted(p.destinations.size(), "Destination") +
         ", " + counted(p.stores.size(), "state store");
  if (!loaded.warnings.empty()) out += ", " + std::to_string(loaded.warnings.size()) + " warning(s)";
  return out + "\n";
}

std::string render_validation_json(const LoadResult& loaded) {
  const nlohmann::ordered_json document = {{"format_version", kReportFormatVersion},
                                           {"valid", loaded.errors.empty()},
                                           {"errors", diagnostics_json(loaded.errors)},
                                           {"warnings", diagnostics_json(loaded.warnings)}};
  return report_json_text(document);
}

}  // namespace ferry::runner

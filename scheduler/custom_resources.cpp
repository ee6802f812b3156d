#include "scheduler/custom_resources.h"

#include <algorithm>
#include <cctype>

#include "core/text_location.h"

namespace ferry::scheduler {
namespace {

bool allowed(char c) {
  return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
         c == '-' || c == '.';
}

}  // namespace

std::string crd_name_problem(std::string_view name) {
  if (name.empty()) return "it is empty";
  if (!std::all_of(name.begin(), name.end(), allowed))
    return "it may hold only lower-case letters, digits, '-' and '.'";
  if (name.find('.') == std::string_view::npos) return "it has no group: write <plural>.<group>";
  if (name.front() == '.' || name.back() == '.' || name.find("..") != std::string_view::npos)
    return "it has an empty part between dots";
  return "";
}

Result<std::vector<std::string>> parse_custom_resources(const std::string& text,
                                                        const SourceLocation& where) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::size_t begin = start, end = comma;
    while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
    while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
    const std::string name = text.substr(begin, end - begin);
    if (!name.empty() || comma < text.size()) {
      if (const std::string problem = crd_name_problem(name); !problem.empty()) {
        return make_error(location_in_text(where, begin), "custom resource \"" + name +
                                                              "\" is not a CRD name <plural>.<group> "
                                                              "(e.g. certificates.cert-manager.io): " +
                                                              problem);
      }
      if (std::find(names.begin(), names.end(), name) != names.end())
        return make_error(location_in_text(where, begin), "custom resource \"" + name + "\" is listed twice");
      names.push_back(name);
    }
    start = comma + 1;
  }
  return names;
}

}  // namespace ferry::scheduler

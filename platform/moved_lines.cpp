// Moving a document's locations by the lines its text moved (moved_lines.h).
#include "platform/moved_lines.h"

#include <memory>

namespace ferry::runner {
namespace {

void move_location(SourceLocation& where, const std::string& file, int lines) {
  if (where.line > 0 && where.file == file) where.line += lines;
}

void move_errors(std::vector<Error>::iterator from, std::vector<Error>::iterator to, const std::string& file,
                 int lines) {
  for (; from != to; ++from) {
    if (from->where) move_location(*from->where, file, lines);
  }
}

}  // namespace

AppendedMarks appended_marks(const LoadResult& result) {
  return {result.errors.size(),
          result.warnings.size(),
          result.release_errors.size(),
          result.unserved_requests.size(),
          result.platform.requests.size(),
          result.platform.bindings.size()};
}

void shift_appended(LoadResult& result, const AppendedMarks& marks, const std::string& file, int lines) {
  if (lines == 0) return;
  auto from = [](std::vector<Error>& list, std::size_t mark) {
    return list.begin() + static_cast<long>(mark);
  };
  move_errors(from(result.errors, marks.errors), result.errors.end(), file, lines);
  move_errors(from(result.warnings, marks.warnings), result.warnings.end(), file, lines);
  move_errors(from(result.release_errors, marks.release_errors), result.release_errors.end(), file, lines);
  for (std::size_t i = marks.unserved; i < result.unserved_requests.size(); ++i) {
    if (result.unserved_requests[i].error.where)
      move_location(*result.unserved_requests[i].error.where, file, lines);
  }
  for (std::size_t i = marks.requests; i < result.platform.requests.size(); ++i)
    move_location(result.platform.requests[i].where, file, lines);
  for (std::size_t i = marks.bindings; i < result.platform.bindings.size(); ++i)
    move_location(result.platform.bindings[i].where, file, lines);
}

void shift_lines(CachedRequest& cached, const std::string& file, int lines) {
  if (lines == 0) return;
  move_errors(cached.errors.begin(), cached.errors.end(), file, lines);
  if (!cached.request) return;
  // Shared with the cache read (load_cache.h): moved in a copy of its own.
  auto moved = std::make_shared<pipeline::Request>(*cached.request);
  move_location(moved->where, file, lines);
  cached.request = std::move(moved);
}

void shift_lines(CachedBinding& cached, const std::string& file, int lines) {
  if (lines == 0) return;
  move_errors(cached.errors.begin(), cached.errors.end(), file, lines);
  if (cached.binding) move_location(cached.binding->where, file, lines);
}

}  // namespace ferry::runner

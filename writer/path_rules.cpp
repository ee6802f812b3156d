#include "writer/path_rules.h"

#include <git2.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

#include "writer/git_handles.h"
#include "writer/layout.h"

namespace ferry::writer {
namespace {

// A segment as some filesystem may read it (git's verify_path, fsck's hasDotgit): HFS+ ignores a set of
// zero-width code points, and NTFS ignores trailing dots and spaces; both ignore case.
std::string folded(std::string_view segment) {
  std::string out;
  for (std::size_t i = 0; i < segment.size(); ++i) {
    const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(segment[at]); };
    if (i + 2 < segment.size() && byte(i) == 0xE2 && byte(i + 1) == 0x80 &&
        ((byte(i + 2) >= 0x8C && byte(i + 2) <= 0x8F) || (byte(i + 2) >= 0xAA && byte(i + 2) <= 0xAE))) {
      i += 2;  // U+200C..U+200F, U+202A..U+202E
      continue;
    }
    if (i + 2 < segment.size() && byte(i) == 0xE2 && byte(i + 1) == 0x81 && byte(i + 2) >= 0xAA &&
        byte(i + 2) <= 0xAF) {
      i += 2;  // U+206A..U+206F
      continue;
    }
    if (i + 2 < segment.size() && byte(i) == 0xEF && byte(i + 1) == 0xBB && byte(i + 2) == 0xBF) {
      i += 2;  // U+FEFF
      continue;
    }
    out += static_cast<char>(std::tolower(byte(i)));
  }
  while (!out.empty() && (out.back() == '.' || out.back() == ' ')) out.pop_back();
  return out;
}

// NTFS's 8.3 short name of `name`: its first letters (or the hash prefix git uses), '~', a digit.
bool is_short_name(const std::string& folded_segment, std::string_view stem) {
  return folded_segment.size() == stem.size() + 2 && folded_segment.starts_with(stem) &&
         folded_segment[stem.size()] == '~' && folded_segment.back() >= '1' && folded_segment.back() <= '9';
}

// Why a segment is refused as Git refuses or flags it, or nothing.
std::optional<std::string> git_segment_problem(std::string_view segment) {
  const std::string f = folded(segment);
  if (f == ".git") {
    if (segment.size() == 4) return "\".git\" segment";
    return "\"" + std::string(segment) +
           "\" is read as \".git\" by some filesystems (git fsck --strict: hasDotgit)";
  }
  if (is_short_name(f, "git") && f.back() == '1')
    return "\"" + std::string(segment) + "\" is NTFS's short name of \".git\" (git fsck --strict: hasDotgit)";
  if (f == ".gitmodules" || is_short_name(f, "gitmod") || is_short_name(f, "gi7eba"))
    return "\"" + std::string(segment) +
           "\" is read as \".gitmodules\", Git's submodule configuration, which no "
           "output may write";
  if (f == ".gitattributes" || is_short_name(f, "gitatt") || is_short_name(f, "gi7d29"))
    return "\"" + std::string(segment) +
           "\" is read as \".gitattributes\", which changes how Git checks files "
           "out; no output may write it";
  return std::nullopt;
}

// Why `path` is refused, or nothing when it is acceptable.
std::optional<std::string> path_problem(const std::string& path) {
  if (path.empty()) return "empty path";
  if (path.find('\0') != std::string::npos) return "NUL byte";
  if (path.front() == '/') return "absolute path";
  std::string_view rest = path;
  while (true) {
    const auto slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    if (segment.empty()) return "empty segment";
    if (segment == ".") return "\".\" segment";
    if (segment == "..") return "\"..\" segment";
    if (auto problem = git_segment_problem(segment)) return problem;
    if (slash == std::string_view::npos) return std::nullopt;
    rest.remove_prefix(slash + 1);
  }
}

std::string quoted(const std::string& path) {
  return "\"" + path + "\"";
}

// The destination, record name, aggregate file and files of one flat placement.
Status validate_flat(const FlatPlacement& p) {
  const FlatDestination& d = p.destination;
  if (const std::string dir = destination_dir(d); !dir.empty()) {
    if (auto status = validate_repository_path(dir); !status) return status;
  }
  if (auto problem = path_problem(p.record); problem || p.record.find('/') != std::string::npos) {
    return make_error("invalid record name " + quoted(p.record) + ": " + problem.value_or("contains '/'"));
  }
  if (auto status = validate_repository_path(aggregate_path(d)); !status) return status;
  for (const auto& [file, content] : p.files) {
    auto problem = path_problem(file);
    if (!problem && d.mode == FilepathMode::none && (file == ".kratix" || file.starts_with(".kratix/"))) {
      problem = "\".kratix\" is where the records of filepath mode none are kept";
    }
    if (problem) {
      return make_error("invalid repository path " + quoted(file) + " in flat placement " + quoted(p.record) +
                        ": " + *problem);
    }
  }
  return ok();
}

}  // namespace

std::optional<std::string> branch_name_problem(const std::string& branch) {
  int valid = 0;
  if (branch.empty()) return "an empty branch name";
  git::ensure_initialised();  // libgit2 allocates even here, and must be set up first
  if (git_reference_name_is_valid(&valid, ("refs/heads/" + branch).c_str()) != 0 || valid == 0)
    return "\"" + branch +
           "\" is not a valid branch name (Git's ref-name rules: no \"..\", \"~\", \"^\", \":\", "
           "spaces, or a part ending in \".lock\")";
  return std::nullopt;
}

Status validate_repository_path(const std::string& path) {
  if (auto problem = path_problem(path)) {
    return make_error("invalid repository path " + quoted(path) + ": " + *problem);
  }
  return ok();
}

Status validate_change(const Change& change) {
  for (const Bundle& bundle : change.bundles) {
    if (auto status = validate_repository_path(bundle.directory); !status) return status;
    for (const auto& [file, content] : bundle.files) {
      if (auto problem = path_problem(file)) {
        return make_error("invalid repository path " + quoted(file) + " in bundle " +
                          quoted(bundle.directory) + ": " + *problem);
      }
    }
  }
  for (const std::string& directory : change.removed_directories) {
    if (auto status = validate_repository_path(directory); !status) return status;
  }
  for (const FlatPlacement& placement : change.flat_placements) {
    if (auto status = validate_flat(placement); !status) return status;
  }
  for (const FileWrite& write : change.files) {
    if (auto status = validate_repository_path(write.path); !status) return status;
  }
  return ok();
}

Result<std::string> normalise_read_prefix(const std::string& prefix) {
  std::string trimmed = prefix;
  while (!trimmed.empty() && trimmed.back() == '/') trimmed.pop_back();
  if (trimmed.empty()) return trimmed;
  if (auto status = validate_repository_path(trimmed); !status) return status.error();
  return trimmed;
}

}  // namespace ferry::writer

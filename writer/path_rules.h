// The one place that decides which repository paths a state store accepts (DESIGN.md "Nothing from a
// pipeline is trusted"). LocalGitRepo and MemoryStateStore both call validate_change before writing.
#pragma once

#include <optional>
#include <string>

#include "core/error.h"
#include "writer/state_store.h"

namespace ferry::writer {

// Ok when `path` is a relative, '/'-separated repository path with no empty, ".", ".." or ".git"
// (any case) segment, no NUL byte, and no segment that Git refuses or `git fsck --strict` flags: one that
// some filesystem reads as ".git" (trailing dots or spaces, HFS+'s ignorable zero-width characters, NTFS's
// short name "git~1"), or as ".gitmodules" or ".gitattributes". Otherwise the error is
//   invalid repository path "<path>": <reason>
// with <reason> one of: empty path, absolute path, empty segment, "." segment, ".." segment,
// ".git" segment, NUL byte, or a sentence naming the segment and what Git reads it as.
Status validate_repository_path(const std::string& path);

// Why `branch` cannot name a branch (Git's ref-name rules, through libgit2: "main.lock", "a..b", "x~1",
// ...), or nothing when it can. The one rule, used by the stores and by validation before anything runs.
std::optional<std::string> branch_name_problem(const std::string& branch);

// Validates every bundle directory, every bundle file path (relative to its directory), every removed
// directory, every flat placement and every file write of `change`; the first offending path is reported. A
// bad file path reads
//   invalid repository path "<file>" in bundle "<directory>": <reason>
//   invalid repository path "<file>" in flat placement "<record>": <reason>
// where a flat placement of mode none also refuses files in ".kratix" (where its records are kept), and a
// record name with a '/' or a bad segment reads `invalid record name "<record>": <reason>`.
Status validate_change(const Change& change);

// The `prefix` argument of StateStore::read_files, checked and with trailing '/' removed: "" (the whole
// repository) stays "", anything else must pass validate_repository_path.
Result<std::string> normalise_read_prefix(const std::string& prefix);

}  // namespace ferry::writer

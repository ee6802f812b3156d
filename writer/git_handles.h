// RAII owners for libgit2 handles, the one-time library initialisation and libgit2 error reporting.
// Internal to writer/: nothing outside this folder sees a libgit2 type.
#pragma once

#include <git2.h>

#include <memory>
#include <string>

#include "core/error.h"

namespace ferry::writer::git {

template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* handle) const { Free(handle); }
};
template <class T, void (*Free)(T*)>
using Handle = std::unique_ptr<T, Deleter<T, Free>>;

using RepoPtr = Handle<git_repository, git_repository_free>;
using IndexPtr = Handle<git_index, git_index_free>;
using CommitPtr = Handle<git_commit, git_commit_free>;
using TreePtr = Handle<git_tree, git_tree_free>;
using TreeEntryPtr = Handle<git_tree_entry, git_tree_entry_free>;
using BlobPtr = Handle<git_blob, git_blob_free>;
using ReferencePtr = Handle<git_reference, git_reference_free>;
using SignaturePtr = Handle<git_signature, git_signature_free>;
using OdbPtr = Handle<git_odb, git_odb_free>;
using OdbObjectPtr = Handle<git_odb_object, git_odb_object_free>;
using RevwalkPtr = Handle<git_revwalk, git_revwalk_free>;
using PackBuilderPtr = Handle<git_packbuilder, git_packbuilder_free>;
using DiffPtr = Handle<git_diff, git_diff_free>;

// Initialises libgit2 on first call (thread-safe), with ferry's TCP stream and its network timeouts
// (timeout_stream.h); it is shut down at program exit.
void ensure_initialised();

// "<what>: <libgit2's last error message>", e.g. "cannot open state store /x.git: <message>".
Error failure(const std::string& what);

}  // namespace ferry::writer::git

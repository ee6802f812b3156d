// git_error_set_str wherever this libgit2 declares it: <git2/errors.h> up to 1.7, <git2/sys/errors.h> from
// 1.8 on (Debian 13, current Fedora, Arch, Homebrew). Include this instead of naming either header.
#pragma once

#include <git2.h>
#if __has_include(<git2/sys/errors.h>)
#include <git2/sys/errors.h>
#endif

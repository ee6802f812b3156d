// The process-wide fsync setting's value alone, apart from durability.h (which applies it) so that libgit2's
// one-time initialisation (git_handles.cpp) can read it without the two including each other.
#pragma once

namespace ferry::writer {

// Whether fsync is on by default (docs/reliability.md, "Faults", gives the measurement behind it).
inline constexpr bool kFsyncByDefault = false;

// The setting: kFsyncByDefault until store_fsync_setting changes it. Safe from any thread.
bool fsync_on();
void store_fsync_setting(bool on);

}  // namespace ferry::writer

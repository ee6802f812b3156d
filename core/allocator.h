// How the process allocates memory: one call at the start of main(), before any thread exists.
#pragma once

namespace ferry {

// Keeps glibc's allocator from handing buffers of up to 32 MiB to the kernel and taking them back again and
// again. A commit into a directory of 10,000 requests reads, edits, hashes and writes trees of about 360 KB;
// with glibc's defaults each such buffer was a fresh mapping, or a heap trimmed and grown again, and the page
// faults were most of the commit's cost on this project's machines. Measured with ferry_bench_writer
// (bench/README.md, scenario 1): the last 100 commits of 10,000 took 1.45 s with the defaults and 0.47 s
// with these settings; 100 commits into an empty repository 0.60 s and 0.25 s. Freed memory above 64 MiB at
// the top of the heap is still returned. The first 24 MiB at the top of the heap are also advised for
// transparent huge pages (madvise MADV_HUGEPAGE), for systems that use them only where advised: a run with
// one changed request at R = 10,000 reads megabytes into fresh memory (its memo, the kept requests, trees of
// 10,000 entries), and 4 KiB page faults were a visible part of it; measured in paired runs (the same
// binary without the advice against with it, 15 pairs): about 5 ms less wall time of about 75 ms at
// R = 10,000, no difference beyond noise at R = 100. The cost: up to 24 MiB more resident where touched, and
// on a machine whose memory is fragmented a fault there may wait for the kernel to compact a huge page
// (its "defrag" setting). A sanitizer's allocator ignores these settings.
void tune_allocator_for_large_buffers();

}  // namespace ferry

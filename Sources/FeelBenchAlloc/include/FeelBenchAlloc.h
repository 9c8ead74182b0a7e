// Counts heap allocations of the `feel-bench` process, to check that the engine's step
// allocates nothing. Linux (glibc) only: there the executable's own malloc, calloc, realloc
// and aligned allocators take the place of the C library's for the whole process (the Swift
// runtime included), count the call and forward to glibc's __libc_* functions.
#ifndef FEEL_BENCH_ALLOC_H
#define FEEL_BENCH_ALLOC_H

/// Heap allocations (malloc, calloc, realloc, memalign, aligned_alloc, posix_memalign) made
/// by the process so far; -1 where they are not counted (not Linux with glibc).
long long feel_bench_allocations(void);

#endif

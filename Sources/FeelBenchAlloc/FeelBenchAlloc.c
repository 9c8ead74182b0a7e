// Allocation counter for feel-bench; see include/FeelBenchAlloc.h.
#include "FeelBenchAlloc.h"

#include <errno.h>  // on glibc, also defines __GLIBC__
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)

// glibc's own allocator entry points, which its public malloc & co. are aliases of.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static unsigned long long allocations;

static inline void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
  count();
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count();
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  count();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  *result = pointer;
  return 0;
}

long long feel_bench_allocations(void) {
  return (long long)__atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

#else

long long feel_bench_allocations(void) { return -1; }

#endif

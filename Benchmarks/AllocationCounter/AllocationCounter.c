// Counts heap allocations by interposing the C library's allocator in this executable: the
// dynamic linker resolves every library's `malloc` to the executable's definition first, and
// glibc exports its own implementation as `__libc_malloc` and friends, so no symbol lookup is
// needed. Only the benchmark executables link this target; the library products never do.
#include "AllocationCounter.h"

#if defined(__GLIBC__)
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static _Atomic uint64_t allocations;
static _Atomic int isCounting;

static void count_one(void) {
  if (atomic_load_explicit(&isCounting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  }
}

void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_one();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

// C11 and glibc from 2.38 refuse an alignment that is not a power of two.
static int is_power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

void *aligned_alloc(size_t alignment, size_t size) {
  if (!is_power_of_two(alignment)) {
    errno = EINVAL;
    return NULL;
  }
  count_one();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (!is_power_of_two(alignment) || alignment % sizeof(void *) != 0) return EINVAL;
  // posix_memalign reports failure by its result and leaves errno as it was.
  int saved = errno;
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  errno = saved;
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

void *valloc(size_t size) {
  count_one();
  return __libc_valloc(size);
}

void *pvalloc(size_t size) {
  count_one();
  return __libc_pvalloc(size);
}

uint64_t allocation_counter_read(void) {
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}

void allocation_counter_set_counting(int counting) {
  atomic_store_explicit(&isCounting, counting, memory_order_relaxed);
}

int allocation_counter_is_available(void) { return 1; }

#else

uint64_t allocation_counter_read(void) { return 0; }
void allocation_counter_set_counting(int counting) { (void)counting; }
int allocation_counter_is_available(void) { return 0; }

#endif

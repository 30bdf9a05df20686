#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, the aligned forms) made by any thread of this
/// process since the counter was started, or 0 where the C library cannot be interposed.
uint64_t allocation_counter_read(void);

/// Starts or stops counting; counting costs one atomic add per allocation while it is on.
void allocation_counter_set_counting(int counting);

/// Whether this build interposes the allocator at all (glibc only).
int allocation_counter_is_available(void);

#endif

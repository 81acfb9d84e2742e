#ifndef CHEAPINFO_H
#define CHEAPINFO_H
#include <stddef.h>

/// Bytes in use in the C heap (glibc's mallinfo2().uordblks), or -1 where unavailable.
long long bench_heap_bytes_in_use(void);



/// Adds `value` to a global the optimizer cannot see: the benchmarks' sink. A C function, so a
/// sink costs a plain call and add, with none of the exclusivity checks of a Swift global.
void bench_black_hole(long value);
#endif

#ifndef CHEAPINFO_H
#define CHEAPINFO_H
#include <stddef.h>

/// Bytes in use in the C heap (glibc's mallinfo2().uordblks), or -1 where unavailable.
long long bench_heap_bytes_in_use(void);

#endif

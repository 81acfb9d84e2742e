#include "CHeapInfo.h"

#if defined(__linux__)
#include <features.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

long long bench_heap_bytes_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  return (long long)mallinfo2().uordblks;
#else
  return -1;
#endif
}

long bench_sink_total;

void bench_black_hole(long value) { bench_sink_total += value; }

// What DepsCore needs of C that Swift cannot say: a thread-local variable.
//
// Not a product: DepsCore's implementation detail, built and linked with it.

#ifndef DEPS_CORE_SHIMS_H
#define DEPS_CORE_SHIMS_H

/// The calling thread's read cache (a `ThreadReadCache`, unretained), or NULL before the thread
/// made one and after its exit began.
///
/// Swift has no thread-local variables, and `pthread_getspecific` is a call of about 17
/// instructions; a `_Thread_local` is one load from the thread pointer. The pthread key of
/// `ThreadReadCache` still owns the cache and releases it at the thread's exit: this slot only
/// mirrors it, and is set and cleared only by the thread it belongs to.
extern _Thread_local void *_Nullable deps_read_cache_slot;

/// The calling thread's ``deps_read_cache_slot``.
static inline __attribute__((always_inline)) void *_Nullable deps_read_cache(void) {
  return deps_read_cache_slot;
}

/// Sets the calling thread's ``deps_read_cache_slot``.
static inline __attribute__((always_inline)) void deps_set_read_cache(void *_Nullable cache) {
  deps_read_cache_slot = cache;
}

#endif

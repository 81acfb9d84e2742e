// What DepsCore needs of C that Swift cannot say: a thread-local variable, and process-wide words
// that code inlined into another module loads directly (a Swift global of DepsCore it reaches
// through a call of the global's addressor, each time).
//
// Not a product: DepsCore's implementation detail, built and linked with it.

#ifndef DEPS_CORE_SHIMS_H
#define DEPS_CORE_SHIMS_H

#include <stdint.h>

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

/// How many `GlobalDeps` `withDependencies` scopes (published `DependencyOverlay`s) are alive.
/// Reached only through the functions below, which access it atomically.
extern uint64_t _deps_scopes_alive;

/// The process-wide store's node (`GlobalDeps`), unretained, once published; NULL before. Reached
/// only through the functions below, which access it atomically.
extern void *_Nullable _deps_global_store;

/// How many scopes are alive (an acquiring load).
static inline __attribute__((always_inline)) uint64_t deps_scopes_alive(void) {
  return __atomic_load_n(&_deps_scopes_alive, __ATOMIC_ACQUIRE);
}

/// Counts a scope made (`delta` 1) or freed (`delta` -1).
static inline __attribute__((always_inline)) void deps_count_scopes(int64_t delta) {
  __atomic_fetch_add(&_deps_scopes_alive, (uint64_t)delta, __ATOMIC_ACQ_REL);
}

/// The process-wide store's node, or NULL before it is published (an acquiring load).
static inline __attribute__((always_inline)) void *_Nullable deps_global_store(void) {
  return __atomic_load_n(&_deps_global_store, __ATOMIC_ACQUIRE);
}

/// Publishes the process-wide store's node: threads that race here publish the same one.
static inline __attribute__((always_inline)) void deps_publish_global_store(void *_Nonnull node) {
  __atomic_store_n(&_deps_global_store, node, __ATOMIC_RELEASE);
}

#endif

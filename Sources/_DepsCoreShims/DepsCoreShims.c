#include "DepsCoreShims.h"

_Thread_local void *_Nullable deps_read_cache_slot = 0;
uint64_t _deps_scopes_alive = 0;
void *_Nullable _deps_global_store = 0;

#include "DepsCoreShims.h"

_Thread_local void *_Nullable deps_read_cache_slot = 0;

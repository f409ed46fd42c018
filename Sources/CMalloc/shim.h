// glibc's allocator settings (mallopt); nothing on systems without them.
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif

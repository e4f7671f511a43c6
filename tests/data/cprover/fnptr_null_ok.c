// A function pointer compared with NULL defined as ((void *)0), as aws-c-common's allocator
// checks its callbacks: the null pointer of the function's type.
#include <assert.h>
#include <stddef.h>
#undef NULL
#define NULL ((void *)0)
static int one(void) { return 1; }
struct allocator {
    int (*acquire)(void);
};
void harness(int set) {
    struct allocator a = {NULL};
    if (set)
        a.acquire = one;
    assert((a.acquire != NULL) == (set != 0));
    if (a.acquire != NULL)
        assert(a.acquire() == 1);
}

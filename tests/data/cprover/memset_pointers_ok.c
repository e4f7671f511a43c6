// memset of a struct that holds pointers makes them NULL, and a memcpy of it copies them.
#include <assert.h>
#include <string.h>
struct list { void *alloc; int *data; long n; };
int g;
void harness(int c) {
    struct list l = {&g, &g, 5};
    if (c)
        memset(&l, 0, sizeof l);
    assert(c ? l.data == 0 && l.n == 0 : l.data == &g);
    struct list m;
    memcpy(&m, &l, sizeof l);
    assert(m.n == l.n);
    if (c)
        assert(m.alloc == 0);
}

// A pointer read as a number and as bytes (AWS_IS_ZEROED, uintptr_t casts): NULL is all zero,
// any object's address is not; the last assertion fails (u is 0 where c is 0).
#include <assert.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
struct list { void *alloc; size_t len; int *data; };
static int is_zeroed(const void *buf, size_t n) {
    const uint64_t *w = buf;
    for (size_t i = 0; i < n / 8; i++)
        if (w[i]) return 0;
    const unsigned char *b = (const unsigned char *)(w + n / 8);
    for (size_t i = 0; i < n % 8; i++)
        if (b[i]) return 0;
    return 1;
}
int g;
void harness(int c, int d) {
    struct list l = {0};
    assert(is_zeroed(&l, sizeof l));
    if (c) l.data = &g;
    assert(is_zeroed(&l, sizeof l) == !c);
    unsigned char *p = (unsigned char *)&l.data;
    assert((p[0] | p[1] | p[2] | p[3] | p[4] | p[5] | p[6] | p[7]) == 0 || c);
    uintptr_t u = (uintptr_t)l.data;
    assert((u == 0) == !c);
    assert(d || u != 0);
}

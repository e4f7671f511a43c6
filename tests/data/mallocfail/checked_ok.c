// CBMC's --malloc-may-fail: every allocation checked before use (malloc and calloc, in a
// loop, the result compared or returned).
#include <assert.h>
#include <stdlib.h>
static int *make(unsigned n) {
    int *p = calloc(n, sizeof(int));
    if (!p)
        return NULL;
    p[0] = 7;
    return p;
}
void harness(unsigned n) {
    __CPROVER_assume(n > 0 && n < 4);
    int *kept[3] = {0};
    for (unsigned i = 0; i < n; ++i)
        kept[i] = make(n);
    for (unsigned i = 0; i < n; ++i)
        if (kept[i]) {
            assert(kept[i][0] == 7);
            free(kept[i]);
        }
    char *s = malloc(2);
    if (s != NULL) {
        s[1] = 0;
        free(s);
    }
}

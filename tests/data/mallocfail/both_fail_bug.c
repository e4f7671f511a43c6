// CBMC's --malloc-may-fail: each allocation fails on its own, so both may.
#include <assert.h>
#include <stdlib.h>
void harness(void) {
    int *p = malloc(sizeof(int));
    int *q = calloc(1, sizeof(int));
    assert(p != NULL || q != NULL);
    free(p);
    free(q);
}

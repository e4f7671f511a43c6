// A memset one byte short of a heap buffer of a symbolic size: its last byte is what
// malloc left there, not 0.
#include <assert.h>
#include <stdlib.h>
#include <string.h>
void harness(size_t n) {
    __CPROVER_assume(n > 0 && n < 200);
    unsigned char *a = malloc(n), *b = malloc(n);
    if (!a || !b)
        return;
    memset(a, 0, n - 1);
    memcpy(b, a, n);
    assert(b[n - 1] == 0);
}

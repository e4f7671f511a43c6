// A quantifier over a symbolic length one byte longer than the copy: the last byte may differ.
#include <assert.h>
#include <stdlib.h>
#include <string.h>
void harness(size_t n) {
    __CPROVER_assume(n > 0 && n < 32);
    unsigned char *a = malloc(n + 1), *b = malloc(n + 1);
    if (!a || !b)
        return;
    memcpy(b, a, n);
    assert(__CPROVER_forall { size_t i; (0 <= i && i <= n) ==> a[i] == b[i] });
}

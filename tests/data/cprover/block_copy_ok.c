// memcpy, memmove and memset of a symbolic number of bytes over heap buffers: one step each in BMC
// (no loop to unwind), as CBMC's __CPROVER_array_copy / _set.
#include <assert.h>
#include <stdlib.h>
#include <string.h>
void harness(size_t n, size_t i, unsigned char v) {
    __CPROVER_assume(n > 1 && n <= 100 && i < n - 1);
    unsigned char *a = malloc(100), *b = malloc(100);
    if (!a || !b)
        return;
    a[i] = v;
    memcpy(b, a, n);
    assert(b[i] == v);
    unsigned char next = a[i + 1];
    memmove(a + 1, a, n - 1); // overlapping: each byte moves up by one, none smeared
    assert(a[i + 1] == v);
    assert(i + 2 >= n || a[i + 2] == next);
    memset(b, 3, i + 1);
    assert(b[i] == 3 && b[0] == 3);
    memcpy(b + 1, a, n - 1); // b[k + 1] = a[k], and a[i + 1] is v since the memmove
    assert(b[0] == 3 && (i + 2 >= n || b[i + 2] == v));
    free(a);
    free(b);
}

// memmove of an overlapping range moves each byte up by one: the byte at i + 1 is the old
// byte at i, not the old byte at i + 1.
#include <assert.h>
#include <stdlib.h>
#include <string.h>
void harness(size_t n, size_t i) {
    __CPROVER_assume(n > 2 && n <= 100 && i < n - 1);
    unsigned char *a = malloc(100);
    if (!a)
        return;
    unsigned char old = a[i + 1];
    memmove(a + 1, a, n - 1);
    assert(a[i + 1] == old);
}

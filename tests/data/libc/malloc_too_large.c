// More than PTRDIFF_MAX bytes is no object: glibc's malloc returns NULL, and so does vcov's
// (CBMC's only with --malloc-fail-null). A calloc whose product wraps is NULL too.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int shift = __VERIFIER_nondet_int();
    if (shift < 0 || shift > 63)
        return 0;
    size_t n = (size_t)1 << shift;
    unsigned char *p = malloc(n + 1);
    printf("malloc(2^%d + 1): %s\n", shift, p ? "an object" : "NULL");
    unsigned char *q = calloc((size_t)1 << 62, 8 + n % 2);
    printf("calloc(2^62, %d): %s\n", (int)(8 + n % 2), q ? "an object" : "NULL");
    return 0;
}

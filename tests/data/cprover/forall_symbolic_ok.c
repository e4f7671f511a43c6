// CBMC's quantifiers whose bounds are terms (aws-c-common's AWS_BYTES_EQ over a symbolic
// length): every byte of a copy matches, and none lies in an empty range. (CBMC 6.6 says an
// __CPROVER_exists over a symbolic range fails when it holds: not tested here.)
#include <assert.h>
#include <stdlib.h>
#include <string.h>
void harness(size_t n, size_t k, unsigned char v) {
    __CPROVER_assume(n > 0 && n <= 32 && k < n);
    unsigned char *a = malloc(n), *b = malloc(n);
    if (!a || !b)
        return;
    a[k] = v;
    memcpy(b, a, n);
    assert(__CPROVER_forall { size_t i; (0 <= i && i < n) ==> a[i] == b[i] });
    assert(__CPROVER_forall { size_t i; (k <= i && i <= k) ==> b[i] == v });
}

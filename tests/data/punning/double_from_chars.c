// A double read from a char array at a symbolic offset: BMC does not model it (integers of
// another width it does), and says so rather than take the read for one outside the array.
#include <assert.h>
int main(void) {
    unsigned char a[16] = {0};
    a[14] = 0xf0;
    a[15] = 0x3f; // 1.0 in the second double
    int i = __VERIFIER_nondet_int();
    __CPROVER_assume(i == 0 || i == 8);
    double v = *(double *)(a + i);
    assert(v != 1.0);
    return 0;
}

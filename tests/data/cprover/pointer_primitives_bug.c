// Two pointers that may point into one object: same_object is not always false.
#include <assert.h>
int a[2], b[2];
void harness(int c, int d) {
    int *p = c ? &a[1] : &b[0];
    int *q = d ? &a[0] : &b[1];
    assert(!__CPROVER_same_object(p, q) || __CPROVER_POINTER_OFFSET(p) == __CPROVER_POINTER_OFFSET(q));
}

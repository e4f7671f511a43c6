// CBMC's pointer primitives: the object a pointer points into and its offset there.
#include <assert.h>
#include <stdlib.h>
int g, arr[4];
void harness(int i) {
    __CPROVER_assume(i >= 0 && i < 4);
    int *p = &arr[i];
    assert(__CPROVER_POINTER_OBJECT(p) == __CPROVER_POINTER_OBJECT(arr));
    assert(__CPROVER_POINTER_OFFSET(p) == 4 * i);
    assert(__CPROVER_same_object(p, &arr[0]) && !__CPROVER_same_object(p, &g));
    assert(__CPROVER_POINTER_OBJECT((int *)0) == 0);
    int *h = malloc(8);
    assert(h == NULL || __CPROVER_POINTER_OBJECT(h) != __CPROVER_POINTER_OBJECT(&g));
}

// aws-c-common's AWS_IS_ZEROED: every byte of an object is zero. A struct without padding,
// zeroed, is; once the harness writes a nonzero member, it is not.
#include <assert.h>
#define IS_ZEROED(object)                                                                    \
    __CPROVER_forall {                                                                       \
        int i;                                                                               \
        (i >= 0 && i < sizeof(object)) ==> ((const unsigned char *)&object)[i] == 0          \
    }
struct pair {
    int a;
    int b;
};
void harness(int x) {
    struct pair p = {0, 0};
    assert(IS_ZEROED(p));
    p.b = x;
    if (x != 0)
        assert(IS_ZEROED(p));
}

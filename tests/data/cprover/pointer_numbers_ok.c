// A pointer through uintptr_t and back, masked as aws-c-common's aws_nospec_mask does: the
// object it came from, or NULL; differences of addresses in one object are offsets.
#include <assert.h>
#include <stdint.h>
#include <stddef.h>
unsigned char buf[10];
int other;
void harness(size_t len, int c) {
    unsigned char *p = buf;
    uintptr_t m = len < 10 ? ~(uintptr_t)0 : 0;
    p = (unsigned char *)((uintptr_t)p & m);
    if (len < 10) {
        assert(p == buf);
        p[len] = 1;
        assert(buf[len] == 1);
    } else {
        assert(p == NULL);
    }
    int *q = (int *)((uintptr_t)&other + 0);
    *q = 5;
    assert(other == 5);
    assert(c || (uintptr_t)&buf[3] - (uintptr_t)buf == 3);
    assert(p != buf + 11);
}

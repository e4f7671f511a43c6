// Bytes written into an int and a struct member through char pointers, then read whole.
#include <assert.h>
struct pair {
    int a;
    short b;
};
void harness(unsigned char v, int k) {
    int x = 0;
    ((unsigned char *)&x)[1] = 2;
    assert(x == 512);
    struct pair p = {0, 0};
    unsigned char *bytes = (unsigned char *)&p;
    __CPROVER_assume(k >= 0 && k < 2);
    bytes[4 + k] = v;
    assert((unsigned short)p.b == (k == 0 ? v : v * 256));
    assert(p.a == 0);
}

// `!=` over structs: the one member that differs is the last array element.
#include <assert.h>
struct pair { int key; char *p; unsigned char tag[4]; };
void harness(struct pair a, unsigned char t) {
    struct pair b = a;
    b.tag[3] = t;
    assert(a == b); // fails when t differs from a.tag[3]
}

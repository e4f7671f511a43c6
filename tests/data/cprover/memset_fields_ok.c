// memset over whole fields of a struct, as AWS_ZERO_STRUCT does: BMC sets each field at
// once (a pointer to NULL); over part of a field the byte loop runs.
#include <assert.h>
#include <stddef.h>
#include <string.h>
struct s {
    int a;
    char *p;
    unsigned short h[3];
    long z;
};
void harness(int a, unsigned short h1) {
    struct s x;
    x.a = a;
    x.p = (char *)&x;
    x.h[1] = h1;
    x.z = 5;
    memset(&x, 0, sizeof x);
    assert(x.a == 0 && x.p == NULL && x.h[1] == 0 && x.z == 0);
    x.a = a;
    x.z = 7;
    memset(&x.h, 0xff, sizeof x.h);
    assert(x.h[0] == 0xffff && x.h[2] == 0xffff && x.a == a && x.z == 7);
    memset(&x.z, 1, sizeof x.z);
    assert(x.z == 0x0101010101010101L);
    memset((char *)&x.a + 1, 0, 2);
    assert(x.a == (a & (int)0xff0000ff));
}

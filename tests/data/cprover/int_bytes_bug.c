// The bytes of an int read through a char pointer (little-endian): the low byte of 1 is 1.
// vcov's BMC once took such a read for one outside the object and, without the bounds
// property, cut the path: a false "safe".
#include <assert.h>
void harness(int x) {
    const unsigned char *q = (const unsigned char *)&x;
    if (x == 1)
        assert(q[0] == 0);
}

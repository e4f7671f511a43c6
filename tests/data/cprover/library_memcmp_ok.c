// vcov's model of memcmp, as CBMC adds its own: equal buffers compare equal, a different
// byte makes the result's sign that of the difference.
#include <assert.h>
#include <string.h>
void harness(unsigned char x, unsigned char y) {
    unsigned char a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 3, 4};
    assert(memcmp(a, b, 4) == 0);
    a[2] = x;
    b[2] = y;
    int r = memcmp(a, b, 4);
    assert((r == 0) == (x == y));
    assert((r < 0) == (x < y));
    assert(strlen("abc") == 3 && strcmp("ab", "ac") < 0 && strncmp("abc", "abd", 2) == 0);
}

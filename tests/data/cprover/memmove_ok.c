// memmove between overlapping regions, both ways, and between two objects.
#include <assert.h>
#include <string.h>
void harness(char x) {
    char b[8] = {1, 2, 3, 4, 5, 6, 7, 8}, c[3];
    b[0] = x;
    memmove(b + 2, b, 5);
    assert(b[2] == x && b[6] == 5 && b[7] == 8);
    memmove(b, b + 1, 6);
    assert(b[0] == 2 && b[1] == x && b[5] == 5);
    memmove(c, b, 3);
    assert(c[1] == x);
}

// memset writes every byte of an int: 0x01010101, not 1.
#include <assert.h>
#include <string.h>
void harness(int x) {
    memset(&x, 1, sizeof x);
    assert(x == 1);
}

// A word read from heap bytes is little-endian: the byte at the lower address is the low
// byte, not the high one.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
void harness(size_t n, size_t i, uint8_t x, uint8_t y) {
    __CPROVER_assume(n >= 8 && n <= 64 && i < n / 2);
    uint8_t *bytes = malloc(n);
    if (!bytes)
        return;
    bytes[2 * i] = x;
    bytes[2 * i + 1] = y;
    uint16_t *half = (uint16_t *)bytes;
    assert(half[i] == (uint16_t)(x << 8 | y));
}

// Integer arrays read and written as integers of another width, little-endian: a word read
// from heap bytes (aws_byte_cursor_read_be16), words written over an array of shorts
// (aws-c-common's memset by uint64), a byte written into a short.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
void harness(size_t n, size_t i, uint8_t x, uint8_t y, uint64_t w) {
    __CPROVER_assume(n >= 8 && n <= 64 && i < n - 1);
    uint8_t *bytes = malloc(n);
    if (!bytes)
        return;
    bytes[i] = x;
    bytes[i + 1] = y;
    uint16_t v;
    memcpy(&v, bytes + i, 2);
    assert(v == (uint16_t)(x | y << 8));
    uint16_t *half = (uint16_t *)bytes;
    if (i % 2 == 0)
        assert(half[i / 2] == v);
    short s[8];
    ((uint64_t *)s)[1] = w;
    assert((uint16_t)s[4] == (uint16_t)w && (uint16_t)s[7] == (uint16_t)(w >> 48));
    ((uint8_t *)s)[9] = x;
    assert((uint16_t)s[4] == (uint16_t)((w & 0xff) | x << 8));
    assert(((uint64_t *)s)[1] >> 16 == w >> 16);
}

// __builtin_popcount*, offsetof with a variable index and an empty asm (an optimisation
// barrier that changes nothing), as gcc and CBMC compile them; the last assertion fails.
#include <assert.h>
#include <stddef.h>
struct str {
    long len;
    unsigned char bytes[1];
};
void harness(unsigned long x, size_t n) {
    int c = __builtin_popcountl(x);
    if (x == 0xF0F0UL)
        assert(c == 8);
    assert(__builtin_popcount(7u) == 3 && c <= 64);
    __CPROVER_assume(n < 100);
    assert(offsetof(struct str, bytes[n + 1]) == 9 + n);
    int i = c;
    __asm__ __volatile__("" : "+r"(i));
    assert(i == c);
    assert(c != 63 || x != ~1UL);
}

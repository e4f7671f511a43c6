// vcov's model of memcpy and memset, as CBMC has its own: the copied bytes arrive, the others
// stay; a copy longer than the loop bounds (40 bytes at --unwind 6) is unwound as far as it needs.
#include <assert.h>
#include <string.h>
struct record {
    int id;
    unsigned char name[36];
};
void harness(unsigned char c, size_t n, size_t k) {
    struct record a, b;
    memset(&a, c, sizeof a);
    __CPROVER_assume(n <= sizeof a.name && k < n);
    memset(b.name, 0, sizeof b.name);
    memcpy(b.name, a.name, n);
    assert(b.name[k] == c);
    if (n < sizeof b.name)
        assert(b.name[n] == 0);
    memcpy(&b, &a, sizeof a);
    assert(b.id == a.id && b.name[35] == c);
}

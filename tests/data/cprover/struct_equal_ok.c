// `==` and `!=` over structs, as goto-cc accepts them (aws-c-common's ring-buffer proofs
// assert `ring_buf == ring_buf_old`): member by member, nested structs and arrays included.
#include <assert.h>
struct atomic { void *value; };
struct ring {
    void *allocation;
    struct atomic head, tail;
    unsigned char bytes[3];
    unsigned len;
};
void advance(struct ring *r, unsigned n) {
    if (n < r->len)
        r->head.value = (char *)r->head.value + n;
}
void harness(struct ring r, unsigned n) {
    struct ring old = r;
    assert(old == r);
    advance(&r, n);
    // Only the head may move, and only when n < len.
    assert(r == old || n < old.len);
    assert(r != old || n == 0 || n >= old.len);
    old.bytes[2] ^= 1;
    assert(!(r == old));
}

// A struct with const members assigned whole: the copy holds the source's length, not 0.
#include <assert.h>
#include <stddef.h>
struct string { void *const allocator; const size_t len; };
void harness(struct string in) {
    struct string old = {0};
    old = in;
    assert(old.len == 0); // fails when in.len != 0
}

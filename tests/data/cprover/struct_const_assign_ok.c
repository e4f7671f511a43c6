// A struct with const members assigned whole, as goto-cc accepts it (aws-c-common's
// aws_string_destroy_secure harness copies `old_str = *str`): every member is copied.
#include <assert.h>
#include <stddef.h>
struct string { void *const allocator; const size_t len; const unsigned char bytes[2]; };
void harness(struct string *s, int copy) {
    __CPROVER_assume(s != NULL && __CPROVER_r_ok(s, sizeof(*s)));
    struct string old = {0};
    if (copy)
        old = *s;
    assert(!copy || (old.len == s->len && old.allocator == s->allocator && old.bytes[1] == s->bytes[1]));
    assert(copy || old.len == 0);
}

// CBMC's quantifiers over a buffer the harness filled: every element holds the value, and
// some element holds it; CBMC's built-in __CPROVER_size_t as the loop counter.
#include <assert.h>
void harness(unsigned char v) {
    unsigned char buf[5];
    for (__CPROVER_size_t i = 0; i < 5; i++)
        buf[i] = v;
    assert(__CPROVER_forall { int i; (0 <= i && i < 5) ==> buf[i] == v });
    assert(__CPROVER_exists { int j; (j >= 0 && j < 5) && buf[j] == v });
    // An empty range: forall holds, exists does not.
    assert(__CPROVER_forall { int i; (i >= 1 && i < 0) ==> buf[i] == 99 });
    assert(!__CPROVER_exists { int j; (j > 3 && j <= 2) && 1 });
    // Bytes of a wider integer through a char pointer.
    unsigned word = 0x01020304u * v;
    assert(v != 1 || __CPROVER_forall { int i; (i >= 0 && i < 4) ==> ((unsigned char *)&word)[i] == 4 - i });
}

// The program's own assertions stay checked with the built-in ones off.
#include <assert.h>
#include <string.h>
void harness(size_t k) {
    char a[8] = "abcdefg";
    char b[8];
    __CPROVER_assume(k < 4);
    memcpy(b, a + k, 4);
    assert(b[0] == 'a');
}

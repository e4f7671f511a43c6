// Some element is 7 only when the harness wrote 7.
#include <assert.h>
void harness(unsigned char v) {
    unsigned char buf[4] = {1, 2, 3, 4};
    buf[2] = v;
    assert(__CPROVER_exists { int j; (j >= 0 && j < 4) && buf[j] == 7 });
}

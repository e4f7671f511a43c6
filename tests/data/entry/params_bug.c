// An entry with parameters (cbmc --function harness): they are inputs.
#include <assert.h>
void harness(int x, unsigned c) {
    if (c == 7u)
        assert(x != 5);
}

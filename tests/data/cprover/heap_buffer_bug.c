// A proof harness's buffer from malloc, never written: its bytes are inputs (CBMC's
// nondeterministic heap). The counterexample replays only if vcov hands the interpreter
// the bytes the model chose.
#include <assert.h>
#include <stdlib.h>
void harness(unsigned n) {
    __CPROVER_assume(n > 2 && n < 6);
    unsigned char *buf = malloc(n);
    __CPROVER_assume(buf != 0);
    int *words = malloc(2 * sizeof(int));
    __CPROVER_assume(words != 0);
    if (buf[1] == 7 && words[1] == -5)
        assert(buf[n - 1] != 9);
}

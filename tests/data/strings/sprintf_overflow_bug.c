// A device name as the loop driver prints it ("loop%d") into a buffer one byte short for
// two digits: vcov's sprintf model writes every byte, so the bounds check fails at i >= 10.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    char *name = malloc(6);
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i > 99)
        return 0;
    sprintf(name, "loop%d", i);
    int n = (int)strlen(name);
    free(name);
    return n;
}

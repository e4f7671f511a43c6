// A device name as the loop driver prints it ("loop%d") into a buffer with room for
// two digits and the NUL: no byte outside it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    char *name = malloc(7);
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i > 99)
        return 0;
    sprintf(name, "loop%d", i);
    int n = (int)strlen(name);
    free(name);
    return n;
}

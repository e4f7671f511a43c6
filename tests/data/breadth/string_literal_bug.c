// String literals read through pointers: BMC once held a literal's object as zeros, so it
// called this program safe (and `t[0] == 'A'` a violation that did not replay).
#include "verifier.h"
static const char *names[] = {"alpha", "beta", "gamma"};
int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i > 2)
        return 0;
    const char *n = names[i];
    const char **p = &n;
    if ((*p)[0] == 'g' && (*p)[4] == 'a')
        reach_error(); // gamma
    return 0;
}

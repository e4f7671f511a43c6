// String literals read through pointers: characters, the terminating zero, and a long
// literal (held by its writes when it has as many characters as a sparse array).
#include "verifier.h"
static const char *names[] = {"alpha", "beta", "gamma"};
int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i > 2)
        return 0;
    const char *n = names[i];
    const char **p = &n;
    if ((*p)[0] == 'g' && (*p)[4] != 'a')
        reach_error();
    if (i == 1 && (n[1] != 'e' || n[4] != 0))
        reach_error();
    const char *longer = "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz";
    unsigned k = (unsigned)__VERIFIER_nondet_int() % 72u;
    char c = longer[k];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')))
        reach_error();
    if (longer[71] != 'z' || longer[72] != 0)
        reach_error();
    return 0;
}

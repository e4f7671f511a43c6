// A variadic sum that skips its last argument when it is negative.
#include <stdarg.h>
#include "verifier.h"
static int sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; ++i) {
        int v = va_arg(ap, int);
        if (i < n - 1 || v >= 0)
            s += v;
    }
    va_end(ap);
    return s;
}
int main(void) {
    int a = __VERIFIER_nondet_int() % 1000;
    if (sum(2, 5, a) != 5 + a)
        reach_error();
    return 0;
}

// Variadic definitions: va_start, va_arg of int, long, double, a struct and a pointer,
// va_copy, a va_list handed to another function, and a call through a pointer.
#include <stdarg.h>
#include "verifier.h"
struct pt { int x, y; };
static int sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}
static long mixed(const char *fmt, ...) {
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    long a = va_arg(ap, long);
    double d = va_arg(ap, double);
    struct pt p = va_arg(ap, struct pt);
    const char *s = va_arg(ap, const char *);
    long first = va_arg(again, long);
    va_end(again);
    va_end(ap);
    return a + (long)d + p.x + p.y + s[fmt[0] - 'x'] + first;
}
static int vsum(int n, va_list ap) {
    int s = 0;
    for (int i = 0; i < n; ++i)
        s += va_arg(ap, int);
    return s;
}
static int sum2(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = vsum(n, ap);
    va_end(ap);
    return s;
}
int main(void) {
    int a = __VERIFIER_nondet_int() % 1000;
    int c = 3; // not a char: CBMC 6.6 does not promote a char argument to int (va_arg reads past it)
    if (sum(3, 1, a, c) != 4 + a)
        reach_error();
    if (sum(0) != 0)
        reach_error();
    struct pt p = {2, 5};
    if (mixed("x", 10L, 2.5, p, "A") != 10 + 2 + 7 + 65 + 10)
        reach_error();
    if (sum2(2, a, 8) != a + 8)
        reach_error();
    int (*f)(int, ...) = sum;
    if (f(1, a) != a)
        reach_error();
    return 0;
}

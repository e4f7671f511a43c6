/* Variadic definitions run by gcc and by the interpreter: a printf-like formatter over
   va_arg of int (char and short promoted), long, unsigned, double (float promoted) and
   pointers, a va_list handed to a v-function, va_copy, and calls through a pointer.
   The output is compared with gcc's on the same inputs (runs_like_gcc.sh). */
#include <stdarg.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

static long vformat(const char *fmt, va_list ap) {
    long h = 0;
    for (const char *f = fmt; *f; ++f) {
        switch (*f) {
        case 'i': h = h * 31 + va_arg(ap, int); break;
        case 'l': h = h * 31 + va_arg(ap, long); break;
        case 'u': h = h * 31 + (long)va_arg(ap, unsigned); break;
        case 'd': h = h * 31 + (long)(va_arg(ap, double) * 4); break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            while (*s)
                h = h * 7 + *s++;
            break;
        }
        default: break;
        }
    }
    return h;
}

static long format(const char *fmt, ...) {
    va_list ap, twice;
    va_start(ap, fmt);
    va_copy(twice, ap);
    long h = vformat(fmt, ap);
    long again = vformat(fmt, twice);
    va_end(twice);
    va_end(ap);
    return h == again ? h : -1;
}

static int count(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int positive = 0;
    while (n-- > 0)
        positive += va_arg(ap, int) > 0;
    va_end(ap);
    return positive;
}

int main(void) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    char c = (char)a;
    short s = (short)b;
    float f = (float)a / 8;
    printf("%ld\n", format("iil", a, c, (long)b * 3));
    printf("%ld\n", format("uds", (unsigned)b, f, a > b ? "greater" : "not"));
    printf("%ld\n", format("isd", s, "xyz", 0.25));
    printf("%ld\n", format(""));
    int (*counter)(int, ...) = count;
    printf("%d %d\n", counter(3, a, b, c), count(0));
    return 0;
}

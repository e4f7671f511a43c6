/* Floats in unions as gcc lays them out on x86-64: a float or double written through one
   member and read back through the others (integers, bytes, a struct), and integer bits
   read as floats (NaN payloads, subnormals, infinities). The output is compared with
   gcc's on the same inputs (runs_like_gcc.sh). */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);

union word {
    float f;
    unsigned int u;
    int i;
    unsigned char b[4];
    struct { unsigned short lo, hi; } h;
};

union quad {
    double d;
    unsigned long long u;
    float f[2];
    unsigned int w[2];
};

static union word twice(union word x) {
    x.f = x.f * 2;
    return x;
}

int main(void) {
    union word w = {__VERIFIER_nondet_float()};
    union quad q;
    q.d = __VERIFIER_nondet_double();
    int n = __VERIFIER_nondet_int();

    printf("w: %g %08x %d %02x%02x%02x%02x %04x:%04x\n", w.f, w.u, w.i, w.b[3], w.b[2], w.b[1], w.b[0], w.h.hi,
           w.h.lo);
    printf("q: %g %016llx %g %g %08x %08x\n", q.d, q.u, q.f[0], q.f[1], q.w[0], q.w[1]);

    w = twice(w);
    printf("twice: %g %08x\n", w.f, w.u);

    w.u = (unsigned)n;
    printf("bits %d as float: %g %a\n", n, w.f, w.f);
    w.b[3] ^= 0x80; /* flip the sign */
    printf("negated: %g\n", w.f);
    w.h.hi = 0x7f80; /* exponent all ones: inf or NaN */
    printf("%s %d\n", w.f != w.f ? "nan" : "inf", w.f > 0);

    q.u = (unsigned long long)n << 32 | 0x1234u;
    printf("double: %g %a\n", q.d, q.d);
    q.f[1] = 1.5f;
    q.w[0] += 1;
    printf("halves: %g %.17g %08x\n", q.f[0], q.d, q.w[1]);
    q.d += 1;
    printf("plus one: %.17g %016llx\n", q.d, q.u);
    return 0;
}

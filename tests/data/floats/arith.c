/* Floating point as gcc computes it on x86-64 (SSE, round to nearest even): arithmetic,
   comparisons with NaN and signed zeros, conversions between int, float and double (with
   rounding and truncation), infinities, float loops, structs, arrays, calls, and printf's
   %f %e %g %a. The output is compared with gcc's on the same inputs (runs_like_gcc.sh). */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);

struct point {
    double x, y;
    float w;
};

static double norm1(struct point p) { return (p.x < 0 ? -p.x : p.x) + (p.y < 0 ? -p.y : p.y); }

static float half(float f) { return f / 2; }

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    double d = __VERIFIER_nondet_double();
    float f = __VERIFIER_nondet_float();

    double q = b != 0 ? (double)a / b : a * 0.5;
    printf("q=%.17g %f %e %g %a\n", q, q, q, q, q);
    printf("sum=%.17g prod=%.9g\n", 0.1 + 0.2, (float)0.1 * 3.0f);
    printf("d=%g f=%g d+f=%.17g d*f=%.9g d/f=%g\n", d, f, d + f, (float)(d * f), d / f);

    /* comparisons: NaN is unordered, -0 == +0 */
    double z = d - d; /* 0, or NaN for inf and NaN */
    printf("cmp %d %d %d %d %d %d\n", d < f, d > f, d <= f, d >= f, d == f, d != f);
    printf("nan %d %d %d zero %d %d\n", z != z, z == z, !z, -0.0 == 0.0, 1 / -0.0 < 0);
    if (d)
        printf("d is true\n");
    if (!f)
        printf("f is false\n");
    printf("and %d or %d cond %g\n", d && f, d || a, f ? d : 2.5);

    /* conversions */
    int t = (int)2.9, u = (int)-2.9;
    unsigned char c = (unsigned char)200.7;
    float big = 16777217; /* rounds to even: 16777216 */
    double dbig = 9007199254740993LL; /* 2^53 + 1: rounds to 2^53 */
    unsigned long ul = 18446744073709551615UL;
    printf("conv %d %d %d %.1f %.1f %.1f\n", t, u, c, big, dbig, (double)ul);
    printf("int %d\n", (int)(q * 1000));
    _Bool bz = 0.25, bn = -0.0;
    printf("bool %d %d\n", bz, bn);

    /* infinities */
    double inf = 1.0 / 0.0;
    printf("inf %g %g %g %d\n", inf, -inf, inf - inf, inf > 1e308);

    /* loops, compound assignment and increments */
    float acc = 0;
    for (int i = 0; i < 10; i++)
        acc += 0.1f;
    double x = 1;
    x *= 3;
    x /= 7;
    x -= 0.5;
    x++;
    --x;
    printf("acc=%.9g x=%.17g\n", acc, x);

    struct point p = {a, -b, f};
    double v[4] = {1.5, -2.25};
    v[2] = norm1(p);
    v[3] = half(p.w);
    for (int i = 0; i < 4; i++)
        printf("v[%d]=%g\n", i, v[i]);
    int n = a;
    n += 0.75;
    printf("n=%d\n", n);
    return 0;
}

/* The math library's exactly defined functions as gcc and glibc compute them: sqrt
   (correctly rounded), floor, ceil, trunc, round (halves away from zero), their float
   versions, and fabs; signed zeros, infinities and NaN bits through a union. The output is
   compared with gcc's on the same inputs (runs_like_gcc.sh, linked with -lm). */
#include <math.h>
#include <stdio.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);

union d64 {
    double d;
    unsigned long long u;
};

static void show(const char *what, double x) {
    union d64 b;
    b.d = x;
    printf("%s %.17g %016llx\n", what, x, b.u);
}

int main(void) {
    double d = __VERIFIER_nondet_double();
    float f = __VERIFIER_nondet_float();
    show("sqrt", sqrt(d));
    show("floor", floor(d));
    show("ceil", ceil(d));
    show("trunc", trunc(d));
    show("round", round(d));
    show("fabs", fabs(d));
    show("sqrtf", sqrtf(f));
    show("floorf", floorf(f));
    show("ceilf", ceilf(f));
    show("truncf", truncf(f));
    show("roundf", roundf(f));
    show("sqrt(float)", sqrt(f));
    show("hypot", sqrt(d * d + (double)f * f));
    printf("%d %d\n", (int)floor(-0.5) == 0 && 1 / floor(-0.5) < 0, round(-2.5) == -3.0);
    return 0;
}

/* NaN's bits as x86-64 gives them, seen through unions: the default NaN of invalid
   operations (negative, quiet), an operand's NaN given back quieted, payloads across
   float and double conversions. The output is compared with gcc's on the same inputs
   (runs_like_gcc.sh). Only one operand of each operation is a NaN: with two, which one
   comes back depends on gcc's operand order (C leaves it unspecified). */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern double __VERIFIER_nondet_double(void);

union d64 {
    double d;
    unsigned long long u;
};
union f32 {
    float f;
    unsigned int u;
};

int main(void) {
    double z = __VERIFIER_nondet_double();
    int payload = __VERIFIER_nondet_int();
    union d64 x, y;
    union f32 g;

    x.d = z / z; /* z = 0: the default NaN */
    printf("z/z %016llx\n", x.u);
    x.d = z * (1.0 / z); /* 0 * inf */
    printf("0*inf %016llx\n", x.u);
    x.d = (1.0 / z) - (1.0 / z);
    printf("inf-inf %016llx\n", x.u);

    x.u = 0x7ff0000000000000ull | (unsigned)payload; /* a signalling NaN when payload < 2^51 */
    y.d = x.d + 1.0;
    printf("nan+1 %016llx\n", y.u);
    y.d = 2.0 * x.d;
    printf("2*nan %016llx\n", y.u);
    y.d = 3.0 - x.d;
    printf("3-nan %016llx\n", y.u);
    y.d = x.d / 3.0;
    printf("nan/3 %016llx\n", y.u);
    y.d = -x.d;
    printf("-nan %016llx\n", y.u);

    g.f = (float)x.d;
    printf("(float)nan %08x\n", g.u);
    g.u = 0xff800000u | ((unsigned)payload & 0x7fffffu);
    x.d = g.f;
    printf("(double)nanf %016llx %s\n", x.u, x.d != x.d ? "nan" : "number");
    g.f = g.f * 2.0f;
    printf("nanf*2 %08x\n", g.u);
    return 0;
}

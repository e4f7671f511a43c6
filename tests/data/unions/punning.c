/* Unions of integers as gcc lays them out on x86-64 (little-endian): writing one member
   and reading another, members of several sizes, a struct and an array inside a union,
   a union inside a struct, a union copied, passed by value and through a pointer, and
   initializers by the first member and by a designator. The output is compared with
   gcc's on the same inputs (runs_like_gcc.sh). */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

union word {
    unsigned int u;
    int i;
    unsigned short half[2];
    unsigned char byte[4];
    struct {
        unsigned char lo, mid;
        short hi;
    } parts;
};

struct tagged {
    int kind;
    union {
        long long wide;
        int narrow;
        signed char tiny;
    } v;
};

union big {
    unsigned long long q[2];
    unsigned int d[4];
    char c[12];
};

static int sum(union word w) { return w.byte[0] + w.byte[1] + w.byte[2] + w.byte[3]; }

static void negate(union word *w) { w->i = -w->i; }

int main(void) {
    union word w = {0x12345678u};
    printf("init u=%u i=%d half=%u,%u bytes=%u,%u,%u,%u parts=%u,%u,%d size=%d\n", w.u, w.i, w.half[0], w.half[1],
           w.byte[0], w.byte[1], w.byte[2], w.byte[3], w.parts.lo, w.parts.mid, w.parts.hi, (int)sizeof w);
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    w.i = x;
    w.byte[1] = (unsigned char)y;
    printf("set u=%u i=%d half=%u,%u hi=%d sum=%d\n", w.u, w.i, w.half[0], w.half[1], w.parts.hi, sum(w));
    w.half[1] += 7;
    w.parts.lo ^= 0xff;
    w.byte[3]++;
    negate(&w);
    printf("ops u=%u i=%d bytes=%u,%u,%u,%u\n", w.u, w.i, w.byte[0], w.byte[1], w.byte[2], w.byte[3]);
    union word copy = w;
    copy.parts.hi = -2;
    printf("copy i=%d orig i=%d\n", copy.i, w.i);

    struct tagged t[2] = {{1, {.narrow = -5}}, {2, {0x0102030405060708LL}}};
    for (int k = 0; k < 2; k++) {
        if (t[k].kind == 1)
            t[k].v.tiny = (signed char)(x + k);
        printf("t[%d] wide=%lld narrow=%d tiny=%d\n", k, t[k].v.wide, t[k].v.narrow, t[k].v.tiny);
    }
    struct tagged *p = &t[1];
    p->v.narrow = y;
    printf("p wide=%lld\n", p->v.wide);

    union big b = {{0}};
    b.d[1] = (unsigned)x;
    b.d[2] = (unsigned)y;
    b.c[11] = 'z';
    b.c[0] = 'a';
    printf("big q=%llu,%llu c0=%d c4=%d c11=%d size=%d\n", b.q[0], b.q[1], b.c[0], b.c[4], b.c[11], (int)sizeof b);
    if (w.byte[0] == 0 && b.q[1] > 100)
        printf("branch\n");
    return 0;
}

/* Bit-fields as gcc lays them out on x86-64: unsigned and signed fields sharing a unit,
   a field wider than a byte across byte boundaries, _Bool, an enum, unnamed and zero-width
   padding, a char member after a run, wrap-around on store, compound assignment and
   increments, initializer lists, struct copies and arrays of such structs. The output
   is compared with gcc's on the same inputs (runs_like_gcc.sh). */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

enum colour { RED, GREEN, BLUE, WHITE };

struct flags {
    unsigned a : 3;
    signed int b : 5;
    unsigned : 2;
    _Bool on : 1;
    enum colour c : 2;
    unsigned : 0;
    unsigned wide : 20;
    char tag;
    int s : 7;
    unsigned long long big : 40;
};

struct small {
    unsigned char lo : 4, hi : 4;
};

static void show(const char *what, struct flags f) {
    printf("%s a=%u b=%d on=%d c=%d wide=%u tag=%d s=%d big=%llu size=%d\n", what, f.a, f.b, f.on, (int)f.c,
           f.wide, f.tag, f.s, f.big, (int)sizeof f);
}

int main(void) {
    struct flags f = {5, -3, 1, BLUE, 1000000, 'x', -60, 1099511627775ULL};
    show("init", f);
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    f.a = x;          /* keeps the low 3 bits */
    f.b = y;          /* wraps into -16..15 */
    f.on = x;         /* _Bool: nonzero is 1 */
    f.c = (enum colour)(y & 3);
    f.wide = x * 4099;
    f.s = y - 100;
    f.big = (unsigned long long)x * 1000003ULL;
    show("set", f);
    f.a += 6;
    f.b -= x;
    f.wide <<= 3;
    f.s *= 3;
    int before = f.b++;
    int after = ++f.a;
    show("ops", f);
    printf("before=%d after=%d assigned=%d\n", before, after, f.b = 40);
    struct flags g = f;
    g.a = 1;
    show("copy", g);
    show("orig", f);
    struct small arr[3] = {{1, 2}, {15, 0}};
    for (int i = 0; i < 3; i++) {
        arr[i].hi += i + x;
        arr[i].lo ^= y;
        printf("arr[%d] lo=%d hi=%d sum=%d\n", i, arr[i].lo, arr[i].hi, arr[i].lo + arr[i].hi);
    }
    struct flags *p = &g;
    p->b = p->a - 20;
    if (p->b < 0 && f.on)
        printf("negative %d\n", p->b);
    return 0;
}

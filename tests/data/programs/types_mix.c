// Integer types, enums, typedefs, nested structs, static locals, recursion and the
// nondet functions of several types (written for vcov's tests).
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_error(void);

typedef unsigned int u32;
enum color { RED, GREEN = 5, BLUE };
struct inner { short s; unsigned char bytes[4]; };
struct outer { enum color c; struct inner in[2]; long total; };

struct outer table[3];

static u32 counter(void) {
    static u32 calls = 0;
    return ++calls;
}

int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

int main(void) {
    unsigned char uc = __VERIFIER_nondet_uchar();
    unsigned short us = __VERIFIER_nondet_ushort();
    long l = __VERIFIER_nondet_long();
    unsigned long ul = __VERIFIER_nondet_ulong();
    _Bool b = __VERIFIER_nondet_bool();
    __VERIFIER_assume(uc < 200 && l > -5 && l < 5);
    table[1].c = b ? GREEN : BLUE;
    table[1].in[0].bytes[3] = (unsigned char)(uc + 1);
    table[2].in[1].s = (short)(us >> 3);
    table[0].total = l * 2 + (long)(ul % 7u);
    u32 a = counter();
    u32 c = counter();
    int f = fact(4);
    unsigned int shifted = (u32)1 << (uc % 31);
    do {
        l--;
    } while (l > 0);
    switch (table[1].c) {
    case RED:
        f = -1;
        break;
    case GREEN:
    case BLUE:
        f += (int)(c - a);
        break;
    }
    if (f != 25 || shifted == 0)
        __VERIFIER_error();
    return 0;
}

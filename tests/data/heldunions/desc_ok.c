// x86's desc_struct as the Linux 3.0 driver tasks print it: a union of two words and a
// struct of bit-fields, written through either and read through the other.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
#define check(c) ((c) ? (void)0 : __assert_fail(#c, "desc", __LINE__, "main"))
typedef unsigned short u16;
struct words { unsigned int a, b; };
struct fields {
    u16 limit0, base0;
    unsigned char base1;
    unsigned char type : 4, s : 1, dpl : 2, p : 1;
    unsigned char limit : 4, avl : 1, l : 1, d : 1, g : 1;
    unsigned char base2;
};
struct desc_struct { union { struct words w; struct fields f; } u; };

unsigned int base_of(struct desc_struct *d) {
    return d->u.f.base0 | ((unsigned int)d->u.f.base1 << 16) | ((unsigned int)d->u.f.base2 << 24);
}

int main(void) {
    struct desc_struct d;
    unsigned int x = (unsigned int)__VERIFIER_nondet_int();
    d.u.w.a = 0x0000ffffU | (x << 16);
    d.u.w.b = 0x00cf9a00U | (x & 0xff000000U) | ((x >> 16) & 0xffU);
    check(base_of(&d) == x);
    check(d.u.f.limit0 == 0xffff && d.u.f.type == 10 && d.u.f.s == 1 && d.u.f.p == 1 && d.u.f.g == 1);
    d.u.f.dpl = 3;
    check((d.u.w.b >> 13 & 3) == 3);
    d.u.f.base1 = 0;
    check((d.u.w.b & 0xff) == 0);
    return 0;
}

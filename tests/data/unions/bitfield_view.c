/* A union with a bit-field member beside plain integers, as x86's desc_struct in the Linux
   driver tasks: a descriptor written through its bit-fields and read as two words, and
   written as words and read through its bit-fields. Compared with gcc (runs_like_gcc.sh). */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

struct words { unsigned int a, b; };
struct fields {
    unsigned short limit0, base0;
    unsigned char base1;
    unsigned char type : 4, s : 1, dpl : 2, p : 1;
    unsigned char limit : 4, avl : 1, l : 1, d : 1, g : 1;
    unsigned char base2;
};
union desc { struct words w; struct fields f; };
struct desc_struct { union desc u; };

static void set_base(struct desc_struct *d, unsigned int base) {
    d->u.f.base0 = base & 0xffff;
    d->u.f.base1 = (base >> 16) & 0xff;
    d->u.f.base2 = base >> 24;
}

int main(void) {
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    struct desc_struct gdt[2] = {{{{0, 0}}}, {{{0x0000ffffU, 0x00cf9a00U}}}};
    set_base(&gdt[0], (unsigned int)x);
    gdt[0].u.f.limit0 = (unsigned short)y;
    gdt[0].u.f.type = (unsigned int)y & 0xf;
    gdt[0].u.f.dpl = 3;
    gdt[0].u.f.p = 1;
    gdt[0].u.f.g = x < 0;
    printf("words %08x %08x\n", gdt[0].u.w.a, gdt[0].u.w.b);
    printf("code segment: type %u s %u dpl %u p %u limit %u l %u d %u g %u\n", gdt[1].u.f.type, gdt[1].u.f.s,
           gdt[1].u.f.dpl, gdt[1].u.f.p, gdt[1].u.f.limit, gdt[1].u.f.l, gdt[1].u.f.d, gdt[1].u.f.g);
    gdt[1].u.w.b ^= (unsigned int)x;
    printf("after xor: type %u dpl %u base1 %u base2 %u\n", gdt[1].u.f.type, gdt[1].u.f.dpl, gdt[1].u.f.base1,
           gdt[1].u.f.base2);
    return 0;
}

// (The bug: a zero word is NULL.) A pointer written over by integers, as the driver tasks' unions of a pointer and words
// have it: the whole word (NULL where it is zero), and one half of it (the other half's
// bytes stay those of the address).
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
#define check(c) ((c) ? (void)0 : __assert_fail(#c, "words", __LINE__, "main"))
union word { int *p; unsigned long n; unsigned int half[2]; };
int g;

int main(void) {
    union word w;
    w.p = &g;
    check(w.n == (unsigned long)&g);
    w.n = 0;
    check(w.p != 0);
    w.p = &g;
    w.half[0] = 0;
    w.half[1] = 0;
    check(w.p == 0);
    w.p = &g;
    unsigned int low = w.half[0];
    w.half[0] = low;
    check(w.n == (unsigned long)&g);
    w.p = &g;
    w.half[0] = 0;
    check(w.half[1] == (unsigned int)((unsigned long)&g >> 32));
    int x = __VERIFIER_nondet_int();
    w.n = (unsigned long)x;
    check(x != 0 || w.p == 0);
    return 0;
}

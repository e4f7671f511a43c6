// vcov's bundled example: a small program with a loop, a helper function, an input
// bounded by an assumption, and a branch that no execution can take (x * x < 0 for
// |x| <= 1000) although a coarse analysis may explore it.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int condition);
extern void reach_error(void);
int printf(const char *format, ...);

int clamp(int x, int lo, int hi) {
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= -1000 && x <= 1000);
    int sum = 0;
    for (int i = 0; i < 10; i++) {
        if (i % 2 == 0 && x > 0)
            sum += clamp(x, 0, 100);
        else
            sum -= 1;
    }
    if (x * x < 0) {
        reach_error(); // unreachable: the square of a bounded int is never negative
    }
    switch (sum % 3) {
    case 0:
        printf("sum %d is a multiple of 3\n", sum);
        break;
    case 1:
    case -1:
        sum++;
        /* fall through */
    default:
        printf("sum is now %d\n", sum);
    }
    return 0;
}

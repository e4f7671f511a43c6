extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "traced.c", 3, "reach_error"); }
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y;
    int s = 0;
    for (int i = 0; i < 3; i++)
        if (x > i)
            s += i;
    if (y == 7 && s == 3 && x == 1234)
        reach_error();
    return 0;
}

// The user guide's teaching example (docs/teaching.md): the explicit-value analysis, one
// ART node at a time. x comes from outside (any value: ⊤); mode and y are known.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int mode = 0;
    if (x > 10)
        mode = 1;
    else
        mode = 1;
    int y = mode + 1;
    if (y != 2)
        reach_error();
    if (x == 42)
        reach_error();
    return 0;
}

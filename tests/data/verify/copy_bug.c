// standard_copy2_ground in small: two arrays of inputs, the third copied from the first and
// then from the second; the check that it still equals the first fails as soon as two
// inputs differ. Bounded model checking unwinds 3 x 5,000 iterations to see it; one run on
// sampled inputs sees it at once.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int a1[5000], a2[5000], a3[5000];
    for (int a = 0; a < 5000; a++) {
        a1[a] = __VERIFIER_nondet_int();
        a2[a] = __VERIFIER_nondet_int();
    }
    for (int i = 0; i < 5000; i++)
        a3[i] = a1[i];
    for (int i = 0; i < 5000; i++)
        a3[i] = a2[i];
    for (int x = 0; x < 5000; x++)
        if (a1[x] != a3[x])
            reach_error();
    return 0;
}

// A harness that fails on the code it is meant to check: no campaign, the failing
// execution instead (vcov-cli mutate exits 10).
int twice(int x) { return x + x; }

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 10)
        return 0;
    __VERIFIER_assert(twice(x) != 6);
    return 0;
}

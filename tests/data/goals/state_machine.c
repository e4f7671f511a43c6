// An ECA-like state machine: the branch s == 40 is entered after forty inputs of 1 and
// then a 2, deeper than --k-max 8 and than random inputs go. The value analysis explores
// the 42 states; its path into the goal becomes the test.
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int s = 0;
    while (1) {
        int in = __VERIFIER_nondet_int();
        if (in != 1 && in != 2)
            return 0;
        if (in == 1 && s < 40)
            s = s + 1;
        else if (in == 2 && s == 40)
            return 1;
    }
}

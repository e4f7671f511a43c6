// A pointer that, as far as the encoding can tell, may hold a string literal's address
// where the program reads a pointer field through it (the Linux driver pktcdvd: pd->bdev).
// Only the solver sees that the path which reads the field has p == &d, so no execution
// reads the literal's bytes as a pointer: safe (the model checker refused the program).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
struct device { char *name; struct device *parent; };
int main(void) {
    struct device root = {"root", 0};
    struct device d = {"pktcdvd0", &root};
    const char *literal = "pktcdvd-control";
    int c = __VERIFIER_nondet_int(), e = __VERIFIER_nondet_int();
    struct device *q = c ? &d : (struct device *)literal;
    if (c != e || e == 0)
        return literal[0] == 'p' ? 0 : 1;
    if (q->parent != &root)
        reach_error();
    return 0;
}

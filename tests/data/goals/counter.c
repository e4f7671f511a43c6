// Goals of every kind: covered by tests, unreachable by k-induction (the parity of `even` is
// an invariant of the loop; x != 7 needs the auxiliary invariant (x & 1) == 0), unknown to it
// (quad stays a multiple of 4: no template; the predicate analysis learns it in two refinements).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

int main(void) {
    int even = 0, x = 0, steps = 0;
    unsigned quad = 0;
    while (__VERIFIER_nondet_int()) {
        if (even != 0 && even != 1)
            reach_error();
        even = 1 - even;
        x += 2;
        if (x == 7)
            reach_error();
        quad += 4;
        if (quad == 6)
            reach_error();
        if (__VERIFIER_nondet_int() > 100)
            steps++;
        else
            steps--;
    }
    return steps > 3 ? 1 : 0;
}

// Branch goals of every kind: covered by tests, unreachable by k-induction (the parity
// of `even` is an invariant of the unbounded loop), and unknown (x stays even, so x == 7
// never holds, but no k makes that inductive).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

int main(void) {
    int even = 0, x = 0, steps = 0;
    while (__VERIFIER_nondet_int()) {
        if (even != 0 && even != 1)
            reach_error();
        even = 1 - even;
        x += 2;
        if (x == 7)
            reach_error();
        if (__VERIFIER_nondet_int() > 100)
            steps++;
        else
            steps--;
    }
    return steps > 3 ? 1 : 0;
}

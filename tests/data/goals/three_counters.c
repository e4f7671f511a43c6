// x + y == z at the loop head: no bound ends the loop, no value is known, and the inductive
// step's templates relate two variables, not three. The predicate analysis with the goals as
// its targets learns the relation from the spurious path into the goal.
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = 0, y = 0, z = 0;
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int()) {
            x++;
            z++;
        } else {
            y++;
            z++;
        }
    }
    if (x + y != z)
        x = 1;
    return 0;
}

// Mono3_1 in small (loops-crafted-1): no input, one execution of 6 million steps whose end
// violates the check. k-induction's step fails; the one execution, run, is the counterexample.
extern void reach_error(void);

int main(void) {
    unsigned int x = 0, y = 0;
    while (x < 1500000) {
        if (x < 750000)
            y++;
        else
            y--;
        x++;
    }
    if (y == 0)
        reach_error();
    return 0;
}

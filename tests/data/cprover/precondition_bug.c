// CBMC's __CPROVER_precondition is a check: here it fails for x == 3.
void harness(int x) {
    __CPROVER_precondition(x != 3, "x is not 3");
}

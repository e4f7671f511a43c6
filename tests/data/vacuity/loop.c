// A bounded loop: the assertion inside `if (i == 5)` is never reached (i stops at 3), which
// BMC with every path complete proves; the one after the loop is reached and holds; the one
// on `n`, an input, is reached by every execution and fails only when n is 9: whichever the
// vacuity run claims (reached and passed, or violated), it names the execution and replays it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) {
    if (i == 5)
      __VERIFIER_assert(0);
    s += i;
  }
  __VERIFIER_assert(s == 3);
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assert(n != 9);
  return 0;
}

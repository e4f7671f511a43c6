// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A table of operations in structs, chosen by the input and called through a pointer: 9, 3 or 18, never 10.
int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mul(int a, int b) { return a * b; }
struct op {
  int (*f)(int, int);
  int unit;
};
int main(void) {
  struct op ops[3] = {{add, 0}, {sub, 0}, {mul, 1}};
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 3);
  int (*g)(int, int) = ops[k].f;
  int r = g(6, 3);
  if (r == 10)
    reach_error();
  return 0;
}

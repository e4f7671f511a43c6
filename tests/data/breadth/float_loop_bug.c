// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// 0.1f is not a tenth: ten of them add up to 1.00000012f, not 1.
int main(void) {
  float acc = 0;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 5);
  for (int i = 0; i < n; i++) {
    acc += 0.1f;
    acc += 0.1f;
  }
  if (n == 5 && acc != 1.0f)
    reach_error();
  return 0;
}

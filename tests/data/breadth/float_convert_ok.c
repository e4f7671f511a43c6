// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// Below 2^24 every int is a float, and converting back truncates nothing.
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i > -16777216 && i < 16777216);
  float f = i;
  double d = f;
  if ((int)f != i || (int)d != i || d * 0.5 != (double)i / 2)
    reach_error();
  return 0;
}

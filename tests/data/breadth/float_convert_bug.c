// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// Above 2^24 not every int is a float: 16777217 rounds to 16777216 (nearest even).
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i > 16777210 && i < 16777220);
  float f = i;
  if ((int)f != i)
    reach_error();
  return 0;
}

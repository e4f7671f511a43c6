// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A 30 x 30 matrix: what is written is read back, the rest stays zero.
int m[30][30];
int main(void) {
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 30 && j >= 0 && j < 30);
  m[i][j] = 5;
  m[j][i] = m[j][i] + 1;
  if (i != j && (m[i][j] != 5 || m[j][i] != 1))
    reach_error();
  if (i == j && m[i][i] != 6)
    reach_error();
  if (m[(i + 1) % 30][j] == 5 && i != 29)
    reach_error();
  return 0;
}

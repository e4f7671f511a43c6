// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// calloc's memory reads as zero where nothing was written.
int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 3);
  int *a = calloc(3, sizeof(int));
  a[k] = 5;
  int sum = a[0] + a[1] + a[2];
  if (sum != 5)
    reach_error();
  free(a);
  return 0;
}

// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// An array of a size the input chooses, filled and read within its bounds, then freed.
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 4);
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    a[i] = 2 * i;
  int sum = 0;
  for (int i = 0; i < n; i++)
    sum += a[i];
  if (sum != n * (n - 1))
    reach_error();
  free(a);
  return 0;
}

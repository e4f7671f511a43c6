// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// Whatever is stored, a field holds what its width can: no store to one field changes
// another, and a counter of 4 bits wraps at 16.
struct packed {
  unsigned lo : 3;
  signed int mid : 5;
  unsigned count : 4;
  unsigned rest : 20;
};
int main(void) {
  struct packed p = {7, -16, 0, 0};
  int x = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 5);
  p.rest = x;
  for (int i = 0; i < n; i++) {
    p.count += 5;
    p.mid ^= x;
  }
  if (p.lo != 7 || p.mid > 15 || p.mid < -16 || p.count > 15 || p.rest >= (1u << 20))
    reach_error();
  if (n == 4 && p.count != 4)
    reach_error();
  return 0;
}

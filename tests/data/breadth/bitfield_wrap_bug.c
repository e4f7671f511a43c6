// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A signed 5-bit field takes only the low bits of what is stored: 31 reads back as -1,
// and packing two fields in one byte must keep each out of the other's bits.
struct packed {
  unsigned lo : 3;
  signed int mid : 5;
  unsigned char flag : 1;
};
int main(void) {
  struct packed p = {0, 0, 1};
  int x = __VERIFIER_nondet_int();
  p.mid = x;
  p.lo = x + 1;
  if (p.mid == -1 && p.lo == 0 && p.flag && x > 0)
    reach_error();
  return 0;
}

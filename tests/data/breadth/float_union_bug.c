// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// A float's bits read through a union, as gcc lays them out: the error needs a float in
// (1, 2) whose lowest mantissa byte is 0x5a.
union pun {
  float f;
  unsigned int bits;
  unsigned char byte[4];
};
int main(void) {
  union pun u;
  u.f = __VERIFIER_nondet_float();
  if (u.f > 1.0f && u.f < 2.0f && u.byte[0] == 0x5a)
    reach_error();
  return 0;
}

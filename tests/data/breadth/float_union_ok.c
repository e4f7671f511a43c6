// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// Bits written as an integer and read as a double: any exponent field below 0x7ff is a
// number (not NaN), and the sign bit alone decides its sign.
union pun {
  double d;
  unsigned long long bits;
};
int main(void) {
  union pun u;
  unsigned long long exponent = __VERIFIER_nondet_ulonglong() % 0x7ff;
  unsigned long long mantissa = __VERIFIER_nondet_ulonglong() & 0xfffffffffffffull;
  u.bits = exponent << 52 | mantissa;
  if (u.d != u.d || u.d < 0)
    reach_error();
  u.bits |= 1ull << 63;
  if (u.d > 0)
    reach_error();
  return 0;
}

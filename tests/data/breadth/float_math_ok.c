// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// floor, ceil and trunc of a float bracket it; the square root of a float that is not
// negative is not negative, and of a perfect square below 2^24 the root.
extern float floorf(float);
extern float ceilf(float);
extern float truncf(float);
extern float sqrtf(float);
int main(void) {
  float x = __VERIFIER_nondet_float();
  __VERIFIER_assume(x > -1e6f && x < 1e6f);
  float lo = floorf(x), hi = ceilf(x), t = truncf(x);
  if (lo > x || hi < x || hi - lo > 1.0f || (x >= 0 ? t != lo : t != hi))
    reach_error();
  float r = sqrtf(x);
  if (x >= 0 && !(r >= 0))
    reach_error();
  if (sqrtf(144.0f) != 12.0f)
    reach_error();
  return 0;
}

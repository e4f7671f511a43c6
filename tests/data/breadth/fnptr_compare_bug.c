// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh).
#include "verifier.h"
// Function pointers compared through casts to unsigned long, as CIL prints the Linux
// driver tasks' checks (`(unsigned long)lo->transfer != (unsigned long)(&transfer_none)`).
struct loop_device { int (*transfer)(int); int (*ioctl)(int); };
int transfer_none(int x) { return x; }
int transfer_xor(int x) { return x ^ 0x55; }
int main(void) {
  struct loop_device lo;
  lo.transfer = __VERIFIER_nondet_int() ? &transfer_none : &transfer_xor;
  lo.ioctl = (int (*)(int))0;
  int v = lo.transfer(0x0f);
  if ((unsigned long)lo.transfer != (unsigned long)(&transfer_none) && v != 0x5a)
    reach_error();
  if ((unsigned long)lo.transfer == (unsigned long)(&transfer_none) && v != 0x0f)
    reach_error();
  if ((unsigned long)lo.transfer != (unsigned long)((int (*)(int))0) && v == 0x5a)
    reach_error();
  return 0;
}

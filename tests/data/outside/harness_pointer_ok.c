// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh): memory reached
// through an uninitialized pointer holds what was written there.
#include "../breadth/verifier.h"
struct device { struct device *parent; int state; };
struct usb_interface { int minor; struct device dev; };
int main(void) {
  struct usb_interface *intf;
  intf->minor = 5;
  intf->dev.state = intf->minor + 1;
  if (intf->dev.state != 6 || intf->minor != 5)
    reach_error();
  return 0;
}

// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh): the shape of a
// Linux driver's LDV harness, which hands the driver a pointer it never initializes. With
// the pointer check off, what lies there may be anything: the error is reachable.
#include "../breadth/verifier.h"
struct device { struct device *parent; int state; };
struct host { unsigned char endpoints; };
struct usb_interface { int minor; struct device dev; struct host *cur; };
struct usb_device { int id; struct device dev; };
static int probe(struct usb_interface *intf) {
  // container_of, as CIL prints it: before the start of what parent points to.
  struct usb_device *udev = (struct usb_device *)((char *)intf->dev.parent - __builtin_offsetof(struct usb_device, dev));
  if (intf->cur->endpoints > 3 && udev->id == 0x15c2)
    return 1;
  return 0;
}
int main(void) {
  struct usb_interface *var_group1;
  if (probe(var_group1))
    reach_error();
  return 0;
}

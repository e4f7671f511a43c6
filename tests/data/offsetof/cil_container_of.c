// CIL's offsetof and container_of, as the Linux driver tasks print them: the address of a
// member of a null pointer, cast to an integer, is the member's offset (gcc folds it), and
// subtracting it from a member's address gives its container. Run by gcc and vcov alike.
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
struct device { struct device *parent; int state; };
struct usb_device { long id; char name[3]; struct device dev; int tail; };
static struct usb_device *to_usb_device(struct device *d) {
  struct device const *__mptr = (struct device const *)d;
  return (struct usb_device *)((char *)__mptr - (unsigned int)(&((struct usb_device *)0)->dev));
}
int main(void) {
  struct usb_device u = {7, "ab", {0, 3}, 9};
  struct usb_device v = {8, "cd", {&u.dev, 4}, 10};
  int pick = __VERIFIER_nondet_int();
  struct device *d = pick > 0 ? &v.dev : &u.dev;
  printf("%u %u %lu\n", (unsigned int)(&((struct usb_device *)0)->dev),
         (unsigned int)(&((struct usb_device *)0)->tail), (unsigned long)(&((struct device *)0)->state));
  struct usb_device *c = to_usb_device(d);
  printf("%ld %s %d\n", c->id, c->name, c->tail);
  if (c->dev.parent)
    printf("parent %ld\n", to_usb_device(c->dev.parent)->id);
  return 0;
}

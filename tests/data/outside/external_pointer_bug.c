// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh): a function with
// no body returns any pointer; the memory it points to may hold anything.
#include "../breadth/verifier.h"
struct node { int key; struct node *next; };
struct node *lookup(int key);
int main(void) {
  struct node *n = lookup(3);
  if (n == 0)
    return 0;
  if (n->next != 0 && n->next->key == 42)
    reach_error();
  return 0;
}

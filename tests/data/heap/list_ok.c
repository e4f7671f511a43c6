// vcov and CBMC must agree on this program (tests/cli/agrees_with_cbmc.sh --memory).
#include <stdlib.h>
#include "../breadth/verifier.h"
// A list of up to three nodes, one malloc per iteration: the sums are 0, 1, 3 and 6: never 7.
struct node {
  int value;
  struct node *next;
};
int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 3);
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof(struct node));
    x->value = i + 1;
    x->next = head;
    head = x;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next)
    sum += p->value;
  if (sum == 7)
    reach_error();
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}

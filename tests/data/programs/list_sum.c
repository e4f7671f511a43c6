// SV-COMP style (written for vcov's tests): a singly linked list built with malloc,
// summed and freed; the prelude is the one SV-COMP tasks carry.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "list_sum.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
#include <stdlib.h>

typedef struct node {
    int value;
    struct node *next;
} Node;

static Node *push(Node *head, int value) {
    Node *n = (Node *)malloc(sizeof(Node));
    if (n == NULL)
        abort();
    n->value = value;
    n->next = head;
    return n;
}

int main(void) {
    Node *head = NULL;
    int count = 0;
    while (__VERIFIER_nondet_int() && count < 5) {
        head = push(head, 1);
        count++;
    }
    int sum = 0;
    for (Node *p = head; p != NULL; p = p->next)
        sum += p->value;
    if (sum != count) {
    ERROR: { reach_error(); abort(); }
    }
    while (head) {
        Node *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}

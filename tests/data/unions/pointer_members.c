/* Unions whose members hold pointers (the Linux driver tasks' spinlocks, list heads seen
   as tree nodes, a link that is a pointer or a tag): a pointer written through one member
   and read through another, integers beside pointers, a union copied and passed by
   pointer, designated initializers. The output is compared with gcc's on the same inputs
   (runs_like_gcc.sh); no address is printed. */
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

struct list_head { struct list_head *next, *prev; };
struct tree_node { struct tree_node *left, *right, *parent; };
struct node {
    int key;
    union { struct { struct list_head list; void *parent; } set; struct tree_node tree; } shared;
};
struct counted { unsigned int count; unsigned int magic; int *owner; };
struct padded { unsigned char padding[8]; int *owner; };
union lock { struct counted c; struct padded p; };
struct item { int value; union { struct item *next; struct node *owner; } link; };

static void list_init(struct list_head *l) { l->next = l; l->prev = l; }
static void list_add(struct list_head *n, struct list_head *head) {
    n->next = head->next; n->prev = head; head->next->prev = n; head->next = n;
}
static int length(struct list_head *head) {
    int n = 0;
    for (struct list_head *i = head->next; i != head; i = i->next)
        n++;
    return n;
}

struct item tail = {30, {0}};
struct item middle = {20, {.next = &tail}};

int main(void) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    struct node nodes[3];
    list_init(&nodes[0].shared.set.list);
    for (int i = 0; i < 3; i++) {
        nodes[i].key = i == 1 ? a : i == 2 ? b : 0;
        if (i > 0)
            list_add(&nodes[i].shared.set.list, &nodes[0].shared.set.list);
    }
    printf("length %d\n", length(&nodes[0].shared.set.list));
    // The tree view: left and right are the list's next and prev.
    struct tree_node *t = &nodes[0].shared.tree;
    printf("left is node 2: %d, right is node 1: %d\n", (void *)t->left == (void *)&nodes[2].shared,
           (void *)t->right == (void *)&nodes[1].shared);
    nodes[1].shared.tree.parent = (struct tree_node *)&nodes[0];
    printf("parent key %d\n", ((struct node *)nodes[1].shared.set.parent)->key);

    union lock l;
    l.c.count = (unsigned int)a;
    l.c.magic = 0xdead4eadU;
    l.p.owner = &b;
    printf("count %u magic %x owner %d\n", l.c.count, l.c.magic, *l.c.owner);
    union lock copy = l;
    *copy.p.owner += 1;
    printf("b %d same owner %d\n", b, copy.c.owner == l.p.owner);

    struct item first = {a, {.next = &middle}};
    int sum = 0;
    for (struct item *i = &first; i; i = i->link.next)
        sum += i->value;
    printf("sum %d\n", sum);
    first.link.owner = &nodes[1];
    printf("owner key %d\n", first.link.next == (struct item *)&nodes[1] ? first.link.owner->key : -1);
    return 0;
}

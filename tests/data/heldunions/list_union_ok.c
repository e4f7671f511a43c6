// struct file's f_u and vm_area_struct's shared: unions of pointer structs, one member
// written, another of the same shape read; designated and static initializers.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
#define check(c) ((c) ? (void)0 : __assert_fail(#c, "list_union", __LINE__, "main"))
struct list_head { struct list_head *next, *prev; };
struct prio_tree_node { struct prio_tree_node *left, *right, *parent; };
struct vm_area { unsigned long start;
    union { struct { struct list_head list; void *parent; struct vm_area *head; } vm_set;
            struct prio_tree_node prio_tree_node; } shared;
    unsigned long flags; };
struct item { int value; union { struct item *next; unsigned long bits; } link; };

void list_init(struct list_head *l) { l->next = l; l->prev = l; }
void list_add(struct list_head *n, struct list_head *head) {
    n->next = head->next; n->prev = head; head->next->prev = n; head->next = n;
}

struct item last = {3, {0}};
struct item first = {1, {.next = &last}};
struct vm_area zeroed;

int main(void) {
    struct vm_area a, b;
    a.start = 0x1000; b.start = 0x2000;
    list_init(&a.shared.vm_set.list);
    list_add(&b.shared.vm_set.list, &a.shared.vm_set.list);
    a.shared.vm_set.head = &a;
    // prio_tree_node.left and .right lie where vm_set.list.next and .prev do.
    check((void *)a.shared.prio_tree_node.left == (void *)&b.shared.vm_set.list);
    check((void *)a.shared.prio_tree_node.right == (void *)&b.shared.vm_set.list);
    b.shared.prio_tree_node.parent = (struct prio_tree_node *)&a;
    check(b.shared.vm_set.parent == (void *)&a);
    check(zeroed.shared.vm_set.head == 0 && zeroed.shared.prio_tree_node.parent == 0);
    int n = 0, sum = 0;
    for (struct item *i = &first; i; i = i->link.next) { sum += i->value; n++; }
    check(n == 2 && sum == 4);
    struct item local = {__VERIFIER_nondet_int(), {.next = &first}};
    check(local.link.next->link.next == &last);
    return 0;
}

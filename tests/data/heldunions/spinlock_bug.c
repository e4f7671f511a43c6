// The Linux 3.0 spinlock as CIL prints it in the LDV driver tasks: a union whose members
// hold pointers, reached through &lock->u.rlock and through the padding view's dep_map.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
#define check(c) ((c) ? (void)0 : __assert_fail(#c, "spinlock", __LINE__, "main"))
typedef unsigned char u8;
struct lock_class_key { int subkeys; };
struct lockdep_map { struct lock_class_key *key; void *class_cache[2]; char const *name; int cpu; unsigned long ip; };
typedef struct { unsigned int slock; } arch_spinlock_t;
struct raw_spinlock { arch_spinlock_t raw_lock; unsigned int magic; unsigned int owner_cpu; void *owner; struct lockdep_map dep_map; };
struct padded { u8 __padding[24]; struct lockdep_map dep_map; };
union lock_storage { struct raw_spinlock rlock; struct padded ldv; };
struct spinlock { union lock_storage u; };
struct device { int id; struct spinlock lock; int count; };
struct lock_class_key key_of_device;
int current_task;

void raw_init(struct raw_spinlock *r, char const *name, struct lock_class_key *key) {
    r->raw_lock.slock = 0;
    r->magic = 0xdead4eadU;
    r->owner_cpu = 0xffffffffU;
    r->owner = (void *)0;
    r->dep_map.key = key;
    r->dep_map.name = name;
}
void raw_lock(struct raw_spinlock *r) { r->raw_lock.slock++; r->owner = &current_task; }
void raw_unlock(struct raw_spinlock *r) { r->raw_lock.slock--; r->owner = (void *)0; }

int main(void) {
    struct device d;
    d.id = __VERIFIER_nondet_int();
    d.count = 0;
    raw_init(&d.lock.u.rlock, "&d->lock", &key_of_device);
    check(d.lock.u.ldv.dep_map.key == &key_of_device);
    check(d.lock.u.ldv.dep_map.name[0] == '&');
    raw_lock(&d.lock.u.rlock);
    d.count++;
    struct spinlock *l = &d.lock;
    check(l->u.rlock.owner == &current_task);
    check(*(int *)l->u.rlock.owner == 0);
    raw_unlock(&l->u.rlock);
    check(d.lock.u.rlock.raw_lock.slock == 0 && d.lock.u.rlock.owner == (void *)0);
    // The view's pointer written, the storage's read: one union, one pointer.
    struct lock_class_key other;
    l->u.ldv.dep_map.key = &other;
    check(d.lock.u.rlock.dep_map.key == &other);
    if (d.id == 7)
        check(d.lock.u.rlock.dep_map.key == &key_of_device);
    return 0;
}

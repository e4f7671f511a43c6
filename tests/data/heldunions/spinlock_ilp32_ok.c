// The Linux 3.0 spinlock of the ILP32 driver tasks: CIL kept the padding view's 24 bytes
// of LP64, so the padding view is the larger member and rlock's pointers lie over its
// padding bytes. Each member written and read through itself and through the other.
extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
#define check(c) ((c) ? (void)0 : __assert_fail(#c, "spinlock_ilp32", __LINE__, "main"))
struct lockdep_map { void *key; void *class_cache[2]; char const *name; int cpu; unsigned long ip; };
struct raw_spinlock { unsigned int slock; unsigned int magic; unsigned int owner_cpu; void *owner; struct lockdep_map dep_map; };
struct padded { unsigned char __padding[sizeof(struct raw_spinlock)]; struct lockdep_map dep_map; };
struct spinlock { union { struct raw_spinlock rlock; struct padded ldv; } u; };
struct mutex { int count; struct spinlock wait_lock; void *magic; };
int task;
struct mutex m = {1, {{{0U, 3735899821U, 4294967295U, (void *)0, {(void *)0, {0, 0}, "m.wait_lock", 0, 0UL}}}}, &m};

int main(void) {
    check(m.wait_lock.u.rlock.magic == 3735899821U && m.magic == &m);
    check(m.wait_lock.u.rlock.dep_map.name[0] == 'm');
    m.wait_lock.u.rlock.owner = &task;
    check(*(int *)m.wait_lock.u.rlock.owner == 0);
    m.wait_lock.u.ldv.dep_map.cpu = __VERIFIER_nondet_int();
    m.wait_lock.u.ldv.dep_map.key = &task;
    check(m.wait_lock.u.ldv.dep_map.key == &task && m.wait_lock.u.rlock.owner == &task);
    if (m.wait_lock.u.ldv.dep_map.cpu == 3)
        check(m.wait_lock.u.ldv.dep_map.cpu > 2);
    return 0;
}

#include "goals/AllocationSites.h"

#include <algorithm>
#include <map>

namespace vcov {

namespace {

// Objects larger than this are no site: a havocked pointer's offset keeps the object's
// number above these bits (Encoder::havocPointer).
constexpr uint64_t MaxSiteBytes = uint64_t(1) << 24;

// A pointer declared without initializer: an input of the execution, NULL or an address that
// is no object (HeapSites lists it among the sites).
constexpr EdgeId Indeterminate = -2;

// What a pointer may hold besides NULL: starts of objects of these sites, or (other)
// anything else: an address of a variable, arithmetic, an input, an uninitialized value.
struct Values {
    std::set<EdgeId> sites;
    bool other = false;
    bool add(const Values &v) {
        const size_t before = sites.size();
        sites.insert(v.sites.begin(), v.sites.end());
        const bool grew = sites.size() != before || (v.other && !other);
        other = other || v.other;
        return grew;
    }
};

// An abstract location: a variable, a function's result, or the objects of a site.
struct Location {
    enum Kind { Variable, Result, Site } kind;
    int32_t id;
    bool operator<(const Location &o) const { return kind != o.kind ? kind < o.kind : id < o.id; }
};

const Expr *stripped(const ExprPtr &e) {
    const Expr *x = e.get();
    while (x->kind == ExprKind::Cast &&
           (x->castKind == CastKind::PointerToPointer || x->castKind == CastKind::NullToPointer ||
            x->castKind == CastKind::Integral))
        x = x->ops[0].get();
    return x;
}

} // namespace

bool holdsPointers(const Type *t) {
    if (!t)
        return false;
    if (t->isPointer())
        return true;
    if (t->isArray())
        return holdsPointers(t->target);
    if (t->isStruct())
        for (const StructField &f : t->fields)
            if (holdsPointers(f.type))
                return true;
    return false;
}

struct AllocationSites::Impl {
    const Program &P;
    std::map<Location, Values> held;
    std::set<EdgeId> freed, unsized;
    bool wild = false; // a pointer stored where this analysis cannot say: it knows nothing

    explicit Impl(const Program &p) : P(p) {}

    Values at(const Location &l) const {
        auto it = held.find(l);
        return it == held.end() ? Values{} : it->second;
    }
    // The locations an lvalue names; `other` when it may name more.
    std::pair<std::set<Location>, bool> locations(const Expr *e) const {
        switch (e->kind) {
        case ExprKind::Var: return {{Location{Location::Variable, e->var}}, false};
        case ExprKind::Index:
        case ExprKind::Member: return locations(e->ops[0].get());
        case ExprKind::Deref: {
            const Values v = value(e->ops[0]);
            std::set<Location> out;
            for (EdgeId s : v.sites)
                out.insert(Location{Location::Site, s});
            return {out, v.other};
        }
        default: return {{}, true};
        }
    }
    Values contents(const Expr *lvalue) const {
        const auto [locs, other] = locations(lvalue);
        Values v;
        v.other = other;
        for (const Location &l : locs)
            v.add(at(l));
        return v;
    }
    // What a pointer-valued expression (or an object holding pointers) may hold.
    Values value(const ExprPtr &e) const {
        const Expr *x = stripped(e);
        switch (x->kind) {
        case ExprKind::IntConst: return Values{{}, x->value != 0};
        case ExprKind::Var:
            if (x->type->isArray())
                return Values{{}, true}; // its address
            [[fallthrough]];
        case ExprKind::Index:
        case ExprKind::Member:
        case ExprKind::Deref: return contents(x);
        case ExprKind::Conditional: {
            Values v = value(x->ops[1]);
            v.add(value(x->ops[2]));
            return v;
        }
        case ExprKind::Cast:
            if (x->castKind == CastKind::IntToPointer && stripped(x->ops[0])->kind == ExprKind::IntConst)
                return Values{{}, stripped(x->ops[0])->value != 0};
            return Values{{}, true};
        default: return Values{{}, true};
        }
    }
    bool store(const ExprPtr &lvalue, const Values &v) {
        const auto [locs, other] = locations(stripped(lvalue));
        if (other && (!v.sites.empty() || v.other))
            wild = true;
        bool grew = false;
        for (const Location &l : locs)
            grew = held[l].add(v) || grew;
        return grew;
    }

    bool pass() {
        bool grew = false;
        for (const GlobalDeclaration &g : P.globals)
            for (const Initializer &i : g.inits)
                if (holdsPointers(i.target->type))
                    grew = store(i.target, value(i.value)) || grew;
        for (const FunctionCfa &f : P.functions) {
            if (!f.hasBody)
                continue;
            for (EdgeId id : f.edges) {
                const CfaEdge &e = P.edge(id);
                switch (e.kind) {
                case EdgeKind::Assignment:
                    if (holdsPointers(e.lhs->type))
                        grew = store(e.lhs, value(e.rhs)) || grew;
                    break;
                case EdgeKind::Declaration:
                    if (!holdsPointers(P.variable(e.declared).type))
                        break;
                    if (!e.hasInitializer) // indeterminate: an input, maybe an address of no object
                        grew = held[Location{Location::Variable, e.declared}].add(Values{{Indeterminate}, false}) || grew;
                    for (const Initializer &i : e.inits)
                        if (holdsPointers(i.target->type))
                            grew = store(i.target, value(i.value)) || grew;
                    break;
                case EdgeKind::Return:
                    if (e.value && holdsPointers(e.value->type))
                        grew = held[Location{Location::Result, f.id}].add(value(e.value)) || grew;
                    break;
                case EdgeKind::Call: grew = call(e) || grew; break;
                default: break;
                }
            }
        }
        return grew;
    }
    bool call(const CfaEdge &e) {
        const CallInfo &c = e.call;
        bool grew = false;
        if (c.intrinsic == Intrinsic::Free && !c.args.empty()) {
            const Values v = value(c.args[0]);
            freed.insert(v.sites.begin(), v.sites.end());
            if (v.other && !freed.count(-1))
                freed.insert(-1); // something else freed: no site's objects are known to live on
            return false;
        }
        Values result{{}, true};
        if (c.intrinsic == Intrinsic::Malloc) {
            const bool zeroed = c.calleeName == "calloc";
            const Expr *n = c.args.empty() ? nullptr : stripped(c.args[0]);
            const Expr *m = zeroed && c.args.size() > 1 ? stripped(c.args[1]) : nullptr;
            const bool constant = n && n->kind == ExprKind::IntConst && (!zeroed || (m && m->kind == ExprKind::IntConst));
            const uint64_t bytes = constant ? uint64_t(n->value) * (zeroed ? uint64_t(m->value) : 1) : 0;
            if (!constant || bytes == 0 || bytes > MaxSiteBytes)
                unsized.insert(e.id);
            result = Values{{e.id}, false};
        } else if (c.intrinsic == Intrinsic::None && c.callee != NoFunction && P.functions[size_t(c.callee)].hasBody) {
            const FunctionCfa &callee = P.functions[size_t(c.callee)];
            for (size_t i = 0; i < callee.params.size() && i < c.args.size(); ++i)
                if (holdsPointers(P.variable(callee.params[i]).type))
                    grew = held[Location{Location::Variable, callee.params[i]}].add(value(c.args[i])) || grew;
            result = at(Location{Location::Result, c.callee});
        }
        if (c.lhs && holdsPointers(c.lhs->type))
            grew = store(c.lhs, result) || grew;
        return grew;
    }

    // A site whose objects a havoc may stand for: its size known, never freed.
    bool siteKnown(EdgeId s) const {
        return s == Indeterminate ? !freed.count(s) : !unsized.count(s) && !freed.count(s) && !freed.count(-1);
    }
    std::optional<std::vector<EdgeId>> knownSites(const Values &v) const {
        if (v.other || wild)
            return std::nullopt;
        for (EdgeId s : v.sites)
            if (!siteKnown(s))
                return std::nullopt;
        return std::vector<EdgeId>(v.sites.begin(), v.sites.end());
    }
};

AllocationSites::AllocationSites(const Program &program) : P(program), m_heap(std::make_shared<HeapSites>()) {
    auto impl = std::make_shared<Impl>(program);
    // Parameters of the entry function and of functions called from nowhere this sees: anything.
    for (const FunctionCfa &f : program.functions)
        for (VarId v : f.params)
            if (f.id == program.entryFunction && holdsPointers(program.variable(v).type))
                impl->held[Location{Location::Variable, v}].other = true;
    for (int rounds = 0; impl->pass(); ++rounds)
        if (rounds > 1000) { // the sets only grow, over finitely many sites: never reached
            impl->wild = true;
            break;
        }
    m_addressTaken = addressTakenVariables(program);
    for (const auto &[l, v] : impl->held) {
        const std::optional<std::vector<EdgeId>> sites = impl->knownSites(v);
        if (!sites)
            continue;
        if (l.kind == Location::Variable && !m_addressTaken.count(l.id))
            m_heap->variables[l.id] = *sites;
        else if (l.kind == Location::Site && impl->siteKnown(l.id))
            m_heap->fields[l.id] = *sites;
    }
    // A variable that holds pointers and was never stored to holds NULL (globals) or is
    // declared without initializer (locals, counted above): globals are known.
    for (const GlobalDeclaration &g : program.globals)
        if (holdsPointers(program.variable(g.var).type) && !impl->held.count(Location{Location::Variable, g.var}) &&
            !impl->wild && !m_addressTaken.count(g.var))
            m_heap->variables[g.var] = {};
    // The pointers inside a site's objects that no write reaches: malloc's contents are
    // indeterminate (the interpreter stops at such a read), calloc's NULL: none to follow.
    for (const FunctionCfa &f : program.functions)
        for (EdgeId id : f.edges) {
            const CfaEdge &e = program.edge(id);
            if (e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::Malloc && impl->siteKnown(id) &&
                !impl->wild && !impl->held.count(Location{Location::Site, id}))
                m_heap->fields[id] = {};
        }
    // A havoc follows pointers into the objects they point to: known only where every site
    // reached that way has known pointers too.
    for (bool changed = true; changed;) {
        changed = false;
        auto reachesUnknown = [&](const std::vector<EdgeId> &sites) {
            return std::any_of(sites.begin(), sites.end(),
                               [&](EdgeId s) { return s != Indeterminate && !m_heap->fields.count(s); });
        };
        auto unknown = [&](const auto &entry) { return reachesUnknown(entry.second); };
        changed = std::erase_if(m_heap->fields, unknown) + std::erase_if(m_heap->variables, unknown) > 0;
    }
    d = std::move(impl);
}

std::optional<std::set<EdgeId>> AllocationSites::writtenSites(const ExprPtr &lvalue) const {
    const auto [locs, other] = d->locations(stripped(lvalue));
    if (other || d->wild)
        return std::nullopt;
    std::set<EdgeId> out;
    for (const Location &l : locs)
        if (l.kind == Location::Site) {
            if (!d->siteKnown(l.id))
                return std::nullopt;
            out.insert(l.id);
        }
    return out;
}

} // namespace vcov

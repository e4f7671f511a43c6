// What the interpreter does for calls without a body (InterpreterMachine.h): the inputs
// (__VERIFIER_nondet_*), printf's formatting as glibc's, and the other intrinsics
// (assume, assert, reach_error, abort, exit, malloc, calloc, free, fabs).
#include "semantics/InterpreterMachine.h"

#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

#include <cinttypes>
#include <cstring>

namespace vcov::interpreter {

Scalar Interpreter::drawNondet(const Type *t, ExecutionStep *rec) {
    int64_t raw = exec.nondetUsed < exec.input.nondet.size() ? exec.input.nondet[exec.nondetUsed] : 0;
    ++exec.nondetUsed;
    Scalar v;
    int64_t held = raw;
    if (t->isPointer()) {
        // A pointer from the environment: NULL for 0, else an address that is no object
        // (the model checker chooses it the same way).
        v.isPointer = true;
        if (raw != 0) {
            v.object = -2;
            v.offset = int64_t(truncateBits(uint64_t(raw), unsigned(t->sizeBytes * 8)));
        }
    } else if (t->isFloat()) {
        v.bits = floatOfInputBits(uint64_t(raw), t);
    } else {
        v.bits = t->isBool ? (raw != 0) : truncateBits(uint64_t(raw), t->bits);
        held = asSigned(v.bits, t);
    }
    exec.draws.push_back(InputDraw{currentEdge, held});
    if (rec) {
        rec->nondet = held;
        rec->nondetText = t->isFloat() ? inputText(raw, t) : std::to_string(held);
    }
    return v;
}

std::string Interpreter::readString(Scalar ptr) {
    std::string s;
    if (!ptr.isPointer)
        stop(EndingKind::Unsupported, "%s argument is not a pointer");
    const Type *charT = machineInteger(8, true);
    for (size_t i = 0; i < 1'000'000; ++i) {
        Scalar c = load({ptr.object, ptr.offset + int64_t(i)}, charT);
        if (truncateBits(c.bits, 8) == 0)
            return s;
        s += char(c.bits);
    }
    return s;
}

std::string Interpreter::format(const std::vector<ExprPtr> &args, size_t first) {
    if (args.size() <= first)
        return {};
    std::string fmt = readString(eval(args[first]));
    std::string out;
    size_t next = first + 1;
    for (size_t i = 0; i < fmt.size(); ++i) {
        if (fmt[i] != '%') {
            out += fmt[i];
            continue;
        }
        size_t j = i + 1;
        std::string spec = "%";
        while (j < fmt.size() && strchr("-+ #0", fmt[j]))
            spec += fmt[j++];
        while (j < fmt.size() && (isdigit(uint8_t(fmt[j])) || fmt[j] == '.'))
            spec += fmt[j++];
        std::string length;
        while (j < fmt.size() && strchr("hlzjt", fmt[j]))
            length += fmt[j++];
        if (j >= fmt.size())
            break;
        char conv = fmt[j];
        i = j;
        if (conv == '%') {
            out += '%';
            continue;
        }
        if (next >= args.size())
            stop(EndingKind::UndefinedBehaviour, "printf: too few arguments for the format");
        const ExprPtr &arg = args[next++];
        Scalar v = eval(arg);
        if (arg->type->isFloat() && !strchr("fFeEgGaA", conv))
            stop(EndingKind::UndefinedBehaviour, std::string("printf: %") + conv + " with a double argument");
        char buf[512];
        switch (conv) {
        case 'd':
        case 'i':
            snprintf(buf, sizeof buf, (spec + "lld").c_str(), (long long)asSigned(v.bits, arg->type));
            break;
        case 'u':
        case 'x':
        case 'X':
        case 'o':
            snprintf(buf, sizeof buf, (spec + "ll" + conv).c_str(),
                     (unsigned long long)convertInteger(v.bits, arg->type, machineInteger(64, false)));
            break;
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G':
        case 'a':
        case 'A':
            if (!arg->type->isFloat())
                stop(EndingKind::UndefinedBehaviour, std::string("printf: %") + conv + " with an argument that is not a double");
            // The host's printf is glibc's, as the compiled program's is.
            snprintf(buf, sizeof buf, (spec + conv).c_str(), floatValue(v.bits, arg->type));
            break;
        case 'c':
            snprintf(buf, sizeof buf, (spec + "c").c_str(), int(uint8_t(v.bits)));
            break;
        case 's':
            snprintf(buf, sizeof buf, (spec + "s").c_str(), readString(v).c_str());
            break;
        case 'p':
            snprintf(buf, sizeof buf, "%s", v.isPointer && v.object == -1 ? "(nil)" : ("0x" + [&] {
                char h[32];
                snprintf(h, sizeof h, "%" PRIx64, fakeAddress(v));
                return std::string(h);
            }()).c_str());
            break;
        default:
            stop(EndingKind::Unsupported, std::string("printf conversion %") + conv);
        }
        // Unsigned conversions of a narrower argument: printf sees the promoted value.
        if ((conv == 'u' || conv == 'x' || conv == 'X' || conv == 'o') && length.empty() && arg->type->bits <= 32) {
            uint64_t u = convertInteger(v.bits, arg->type, machineInteger(32, false));
            snprintf(buf, sizeof buf, (spec + conv).c_str(), unsigned(u));
        }
        out += buf;
    }
    return out;
}

void Interpreter::intrinsic(const CfaEdge &e) {
    const CallInfo &c = e.call;
    ExecutionStep *rec = opts.recordSteps && !exec.steps.empty() ? &exec.steps.back() : nullptr;
    auto arg = [&](size_t i) { return i < c.args.size() ? eval(c.args[i]) : integer(0); };
    auto setResult = [&](Scalar v) {
        if (!c.lhs)
            return;
        store(addressOf(c.lhs), c.lhs->type, v);
        if (rec) {
            rec->assigned = exprToString(P, c.lhs);
            rec->value = show(v, c.lhs->type);
        }
    };
    switch (c.intrinsic) {
    case Intrinsic::Nondet:
    case Intrinsic::External: {
        const Type *rt = P.functions[c.callee].type ? P.functions[c.callee].type->target : machineInteger(32, true);
        if (rt->kind == TypeKind::Void) {
            for (size_t i = 0; i < c.args.size(); ++i)
                eval(c.args[i]);
            return;
        }
        Scalar v = drawNondet(rt, rec);
        if (c.lhs && c.lhs->type != rt && !rt->isPointer())
            v.bits = convertValue(v.bits, rt, c.lhs->type);
        setResult(v);
        return;
    }
    case Intrinsic::Assume:
        if (!truth(arg(0)))
            stop(EndingKind::AssumptionFailed, "assumption does not hold");
        return;
    case Intrinsic::Assert:
        if (!truth(arg(0))) {
            // A built-in assertion (memcpy's regions apart) while they are off: undefined
            // behaviour of the program's memory, a pointer violation where that check is on.
            if (!P.assertsProgramProperty(c))
                fail(Property::Pointer, "precondition " + e.text + " failed");
            stop(EndingKind::PropertyViolation, "assertion " + e.text + " failed", Property::Assertion);
        }
        return;
    case Intrinsic::Error:
        stop(EndingKind::PropertyViolation, c.calleeName + "() called", Property::Assertion);
    case Intrinsic::Abort:
        stop(EndingKind::Abort, "abort() called");
    case Intrinsic::Exit: {
        Scalar code = arg(0);
        Stop s;
        s.ending.kind = EndingKind::Exit;
        s.ending.exitCode = int(asSigned(code.bits, c.args.empty() ? machineInteger(32, true) : c.args[0]->type));
        s.ending.edge = currentEdge;
        throw s;
    }
    case Intrinsic::Printf: {
        std::string text;
        if (c.calleeName == "printf")
            text = format(c.args, 0);
        else if (c.calleeName == "fprintf")
            text = format(c.args, 1);
        else if (c.calleeName == "puts")
            text = readString(arg(0)) + "\n";
        else if (c.calleeName == "putchar")
            text = std::string(1, char(arg(0).bits));
        exec.output += text;
        if (opts.recordSteps && !exec.steps.empty())
            exec.steps.back().printed += text;
        setResult(integer(truncateBits(text.size(), 32)));
        return;
    }
    case Intrinsic::Malloc: {
        // More than PTRDIFF_MAX bytes (or a calloc whose product wraps) is no object: NULL,
        // as glibc's malloc answers; any other size succeeds.
        uint64_t size = arg(0).bits;
        bool fits = true;
        if (c.calleeName == "calloc")
            fits = !__builtin_mul_overflow(arg(0).bits, arg(1).bits, &size);
        if (!fits || size > P.maxAllocation) {
            Scalar null;
            null.isPointer = true;
            null.object = -1;
            setResult(null);
            return;
        }
        int32_t id = newObject("heap object " + std::to_string(objects.size()), nullptr, size);
        objects[size_t(id)].heap = true;
        objects[size_t(id)].zeroed = c.calleeName == "calloc";
        objects[size_t(id)].allocation = int64_t(allocations++);
        Scalar p;
        p.isPointer = true;
        p.object = id;
        setResult(p);
        return;
    }
    case Intrinsic::Free: {
        Scalar p = arg(0);
        if (!p.isPointer || p.object == -1)
            return;
        if (p.object < 0 || size_t(p.object) >= objects.size() || !objects[size_t(p.object)].heap || p.offset != 0)
            fail(Property::Pointer, "free of a pointer that malloc did not return");
        if (!objects[size_t(p.object)].alive)
            fail(Property::Pointer, "double free");
        objects[size_t(p.object)].alive = false;
        return;
    }
    case Intrinsic::PointerOk: {
        // CBMC's __CPROVER_r_ok(p, n): p points into a live object that has n bytes from p on.
        Scalar p = arg(0);
        const uint64_t n = arg(1).bits;
        const bool object = p.isPointer && p.object >= 0 && size_t(p.object) < objects.size();
        const Object *o = object ? &objects[size_t(p.object)] : nullptr;
        // Memory outside every object (pointer check off) is memory: readable and writable.
        const bool ok = (o && o->alive && p.offset >= 0 && uint64_t(p.offset) <= o->size && n <= o->size - uint64_t(p.offset)) ||
                        (p.isPointer && outsideObjects({p.object, p.offset}));
        setResult(integer(ok ? 1 : 0));
        return;
    }
    case Intrinsic::Forall:
    case Intrinsic::Exists: {
        // The variable takes each value of [lo, hi] within its type, in order; a value outside
        // the range is passed over, and the first that decides the quantifier ends it.
        if (c.args.size() != 5)
            stop(EndingKind::Unsupported, "malformed quantifier");
        const bool exists = c.intrinsic == Intrinsic::Exists;
        const Type *vt = c.args[0]->type;
        auto value = [&](size_t i) -> __int128 {
            const Scalar s = eval(c.args[i]);
            return c.args[i]->type->isSigned ? __int128(asSigned(s.bits, c.args[i]->type)) : __int128(s.bits);
        };
        const __int128 typeMin = vt->isSigned ? -(__int128(1) << (vt->bits - 1)) : 0;
        const __int128 typeMax = vt->isSigned ? (__int128(1) << (vt->bits - 1)) - 1 : (__int128(1) << vt->bits) - 1;
        const __int128 lo = std::max(value(1), typeMin), hi = std::min(value(2), typeMax);
        const Address v = addressOf(c.args[0]);
        bool result = !exists;
        for (__int128 k = lo; k <= hi; ++k) {
            if (++steps > opts.maxSteps)
                stop(EndingKind::StepLimit, "step limit of " + std::to_string(opts.maxSteps) + " reached in a quantifier");
            store(v, vt, integer(truncateBits(uint64_t(k), vt->bits)));
            if (!truth(eval(c.args[3])))
                continue;
            if (truth(eval(c.args[4])) == exists) {
                result = exists;
                break;
            }
        }
        setResult(integer(result ? 1 : 0));
        return;
    }
    case Intrinsic::Overflow: {
        // Exact: the operation on the mathematical values, then whether the type holds it.
        if (c.args.size() != 2)
            stop(EndingKind::Unsupported, "malformed " + c.calleeName);
        const Type *t = c.args[0]->type;
        auto value = [&](size_t i) -> __int128 {
            const Scalar s = eval(c.args[i]);
            return t->isSigned ? __int128(asSigned(s.bits, t)) : __int128(s.bits);
        };
        const __int128 a = value(0), b = value(1);
        const __int128 lo = t->isSigned ? -(__int128(1) << (t->bits - 1)) : 0;
        const __int128 hi = t->isSigned ? (__int128(1) << (t->bits - 1)) - 1 : (__int128(1) << t->bits) - 1;
        bool overflows;
        if (c.calleeName == "__CPROVER_overflow_plus")
            overflows = a + b < lo || a + b > hi;
        else if (c.calleeName == "__CPROVER_overflow_minus")
            overflows = a - b < lo || a - b > hi;
        else if (!t->isSigned) // the product of two 64-bit values may not fit an __int128
            overflows = a != 0 && b > hi / a;
        else
            overflows = a * b < lo || a * b > hi; // |a|, |b| <= 2^63: fits
        setResult(integer(overflows ? 1 : 0));
        return;
    }
    case Intrinsic::PointerPrimitive: {
        // Objects are numbered from 1 in the order the interpreter makes them, NULL is 0 (the
        // model checker numbers them its own way: only equality between numbers is shared);
        // an address that is no object has a number no object has.
        auto number = [&](const Scalar &p) -> uint64_t {
            if (!p.isPointer || p.object == -1)
                return p.isPointer ? 0 : p.bits == 0 ? 0 : UINT64_MAX;
            return p.object < 0 ? UINT64_MAX : uint64_t(p.object) + 1;
        };
        if (c.args.size() != (c.calleeName == "__CPROVER_same_object" ? 2u : 1u))
            stop(EndingKind::Unsupported, c.calleeName + " with " + std::to_string(c.args.size()) + " arguments");
        auto setNumber = [&](uint64_t v) {
            if (c.lhs)
                setResult(integer(c.lhs->type->bits ? truncateBits(v, c.lhs->type->bits) : v));
        };
        const Scalar p = arg(0);
        if (c.calleeName == "__CPROVER_POINTER_OBJECT")
            setNumber(number(p));
        else if (c.calleeName == "__CPROVER_POINTER_OFFSET")
            setNumber(p.isPointer ? uint64_t(p.offset) : p.bits);
        else
            setNumber(number(p) != UINT64_MAX && number(p) == number(arg(1)) ? 1 : 0);
        return;
    }
    case Intrinsic::BlockOperation: // the byte loop after it does the work, step by step
        setResult(integer(0));
        return;
    case Intrinsic::InvalidCall:
        fail(Property::Pointer, "call through a function pointer that points to no function of its type");
    case Intrinsic::None: break;
    }
}

} // namespace vcov::interpreter

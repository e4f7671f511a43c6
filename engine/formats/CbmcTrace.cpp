#include "formats/CbmcTrace.h"
#include "formats/Matching.h"

#include "semantics/FloatSemantics.h"
#include "semantics/IntegerSemantics.h"
#include "semantics/Layout.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace vcov {

namespace {

using nlohmann::json;

// A value's bits as CBMC prints them ("binary": two's complement, most significant first).
std::optional<int64_t> fromBinary(const std::string &bits) {
    if (bits.empty() || bits.size() > 64 || bits.find_first_not_of("01") != std::string::npos)
        return std::nullopt;
    uint64_t v = 0;
    for (char c : bits)
        v = (v << 1) | uint64_t(c == '1');
    return int64_t(v);
}

std::optional<int64_t> fromText(std::string s) {
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    if (s == "NULL" || s == "FALSE" || s == "false")
        return 0;
    if (s == "TRUE" || s == "true")
        return 1;
    if (s.size() == 3 && s.front() == '\'' && s.back() == '\'')
        return int64_t(s[1]);
    return integerLiteral(s);
}

// A scalar that is a pointer to something: not NULL, so any nonzero raw value.
int64_t pointerLeaf(const std::string &data) { return data == "NULL" || data.empty() ? 0 : 1; }

// The scalars of a JSON value in memory order; padding members ("$pad0") are no scalars.
void leavesOfJson(const json &v, std::vector<int64_t> &out) {
    const std::string name = v.value("name", "");
    if (name == "array" && v.contains("elements")) {
        for (const json &e : v["elements"])
            if (e.contains("value"))
                leavesOfJson(e["value"], out);
        return;
    }
    if ((name == "struct" || name == "union") && v.contains("members")) {
        for (const json &m : v["members"])
            if (m.contains("value") && m.value("name", "").rfind('$', 0) != 0)
                leavesOfJson(m["value"], out);
        return;
    }
    std::string data = v.contains("data") && v["data"].is_string() ? v["data"].get<std::string>() : "";
    if (name == "pointer") {
        out.push_back(pointerLeaf(data));
        return;
    }
    if (v.contains("binary") && v["binary"].is_string())
        if (auto b = fromBinary(v["binary"].get<std::string>())) {
            out.push_back(*b);
            return;
        }
    if (auto t = fromText(data))
        out.push_back(*t);
}

std::string textOfJson(const json &v) {
    const std::string name = v.value("name", "");
    auto list = [&](const char *key) {
        std::string s = "{ ";
        bool first = true;
        for (const json &e : v[key]) {
            if (e.value("name", "").rfind('$', 0) == 0 || !e.contains("value"))
                continue;
            s += (first ? "" : ", ") + textOfJson(e["value"]);
            first = false;
        }
        return s + " }";
    };
    if (name == "array" && v.contains("elements"))
        return list("elements");
    if ((name == "struct" || name == "union") && v.contains("members"))
        return list("members");
    return v.contains("data") && v["data"].is_string() ? v["data"].get<std::string>() : "";
}

// "{ 1, 2, { 3, 4 } }" as XML traces print aggregates: the numbers in order.
void leavesOfText(const std::string &text, std::vector<int64_t> &out) {
    std::string item;
    auto flush = [&] {
        size_t b = item.find_first_not_of(' '), e = item.find_last_not_of(' ');
        if (b != std::string::npos) {
            const std::string one = item.substr(b, e - b + 1);
            auto v = fromText(one);
            out.push_back(v ? *v : pointerLeaf(one));
        }
        item.clear();
    };
    for (char c : text) {
        if (c == '{' || c == '}' || c == ',')
            flush();
        else
            item += c;
    }
    flush();
}

// CBMC's unwinding assertions ("main.unwind.0", "f.recursion"): no violation of the program.
bool isUnwindingProperty(const std::string &id) {
    return id.find(".unwind.") != std::string::npos ||
           (id.size() >= 10 && id.compare(id.size() - 10, 10, ".recursion") == 0);
}

// Which failure to replay first: the program's assertions (what SV-COMP's unreach-call
// asks), then CBMC's other checks, then unwinding assertions.
int propertyRank(const std::string &id) {
    if (isUnwindingProperty(id))
        return 2;
    return id.find(".assertion.") != std::string::npos || id.find("reach_error") != std::string::npos ? 0 : 1;
}

std::optional<CbmcTrace> fromJson(const json &messages, std::string &error) {
    if (!messages.is_array()) {
        error = "not CBMC's --json-ui output (an array of messages)";
        return std::nullopt;
    }
    std::vector<const json *> failed;
    for (const json &m : messages)
        if (m.is_object() && m.contains("result") && m["result"].is_array())
            for (const json &r : m["result"])
                if (r.value("status", "") == "FAILURE" && r.contains("trace"))
                    failed.push_back(&r);
    std::vector<CbmcTrace::Failed> all;
    for (const json *r : failed)
        all.push_back({r->value("property", ""), r->value("description", "")});
    std::stable_sort(failed.begin(), failed.end(), [](const json *a, const json *b) {
        return propertyRank(a->value("property", "")) < propertyRank(b->value("property", ""));
    });
    {
        for (const json *rp : failed) {
            const json &r = *rp;
            CbmcTrace t;
            t.format = "json-ui";
            t.failed = all;
            t.property = r.value("property", "");
            t.description = r.value("description", "");
            for (const json &s : r["trace"]) {
                if (s.value("hidden", false))
                    continue;
                CbmcTraceStep step;
                const json loc = s.value("sourceLocation", json::object());
                step.file = loc.value("file", "");
                step.function = loc.value("function", "");
                step.line = unsigned(std::atoi(loc.value("line", "0").c_str()));
                const std::string type = s.value("stepType", "");
                if (type == "assignment" && !s.value("internal", false)) {
                    step.kind = CbmcTraceStep::Kind::Assignment;
                    step.lhs = s.value("lhs", "");
                    step.parameter = s.value("assignmentType", "") == "actual-parameter";
                    if (s.contains("value")) {
                        leavesOfJson(s["value"], step.leaves);
                        step.value = textOfJson(s["value"]);
                    }
                } else if (type == "function-call" || type == "function-return") {
                    step.kind = type == "function-call" ? CbmcTraceStep::Kind::FunctionCall
                                                        : CbmcTraceStep::Kind::FunctionReturn;
                    step.callee = s.value("function", json::object()).value("identifier", "");
                } else if (type == "failure") {
                    step.kind = CbmcTraceStep::Kind::Failure;
                    step.property = s.value("property", "");
                    step.reason = s.value("reason", "");
                    t.failureFile = step.file;
                    t.failureLine = step.line;
                    t.failureFunction = step.function;
                    if (t.description.empty())
                        t.description = s.value("reason", "");
                } else {
                    continue;
                }
                t.steps.push_back(std::move(step));
            }
            return t;
        }
    }
    error = "CBMC's output holds no failed property with a trace (was the program proved safe?)";
    return std::nullopt;
}

std::optional<CbmcTrace> fromXml(const std::string &text, std::string &error) {
    pugi::xml_document doc;
    if (!loadXml(doc, text, error))
        return std::nullopt;
    std::vector<pugi::xml_node> failed;
    for (pugi::xpath_node rn : doc.select_nodes("//result[@status='FAILURE']"))
        failed.push_back(rn.node());
    std::vector<CbmcTrace::Failed> all;
    for (pugi::xml_node r : failed) {
        std::string reason; // the trace's last failure is the property's own
        for (pugi::xml_node f : r.child("goto_trace").children("failure"))
            reason = f.attribute("reason").as_string();
        all.push_back({r.attribute("property").as_string(), reason});
    }
    std::stable_sort(failed.begin(), failed.end(), [](pugi::xml_node a, pugi::xml_node b) {
        return propertyRank(a.attribute("property").as_string()) < propertyRank(b.attribute("property").as_string());
    });
    for (pugi::xml_node r : failed) {
        pugi::xml_node trace = r.child("goto_trace");
        if (!trace)
            continue;
        CbmcTrace t;
        t.format = "xml-ui";
        t.failed = all;
        t.property = r.attribute("property").as_string();
        for (pugi::xml_node s : trace.children()) {
            if (s.attribute("hidden").as_bool())
                continue;
            CbmcTraceStep step;
            pugi::xml_node loc = s.child("location");
            step.file = loc.attribute("file").as_string();
            step.function = loc.attribute("function").as_string();
            step.line = loc.attribute("line").as_uint();
            const std::string type = s.name();
            if (type == "assignment") {
                step.kind = CbmcTraceStep::Kind::Assignment;
                step.lhs = s.child_value("full_lhs");
                step.value = s.child_value("full_lhs_value");
                step.parameter = std::string(s.attribute("assignment_type").as_string()) == "actual_parameter";
                pugi::xml_node v = s.child("full_lhs_value");
                std::optional<int64_t> bits = fromBinary(v.attribute("binary").as_string());
                if (bits)
                    step.leaves.push_back(*bits);
                else
                    leavesOfText(step.value, step.leaves);
            } else if (type == "function_call" || type == "function_return") {
                step.kind = type == "function_call" ? CbmcTraceStep::Kind::FunctionCall
                                                    : CbmcTraceStep::Kind::FunctionReturn;
                step.callee = s.child("function").attribute("identifier").as_string();
            } else if (type == "failure") {
                step.kind = CbmcTraceStep::Kind::Failure;
                step.property = s.attribute("property").as_string();
                step.reason = s.attribute("reason").as_string();
                t.failureFile = step.file;
                t.failureLine = step.line;
                t.failureFunction = step.function;
                t.description = s.attribute("reason").as_string();
            } else {
                continue;
            }
            t.steps.push_back(std::move(step));
        }
        return t;
    }
    error = "CBMC's output holds no failed property with a trace (was the program proved safe?)";
    return std::nullopt;
}

// "a[2l]" → "a[2]": CBMC suffixes the integer indices it prints.
std::string normalLvalue(const std::string &lhs) {
    std::string out;
    for (size_t i = 0; i < lhs.size(); ++i) {
        char c = lhs[i];
        if ((c == 'l' || c == 'L' || c == 'u' || c == 'U') && i > 0 && std::isdigit((unsigned char)lhs[i - 1]) &&
            (i + 1 == lhs.size() || !std::isalnum((unsigned char)lhs[i + 1]) || std::toupper(lhs[i + 1]) == 'L'))
            continue;
        if (c != ' ')
            out += c;
    }
    return out;
}

// A write CBMC reports of a program variable, rather than of its own temporaries.
bool isProgramWrite(const CbmcTraceStep &s) {
    return s.kind == CbmcTraceStep::Kind::Assignment && !s.parameter && s.lhs.rfind("return_value", 0) != 0 &&
           s.lhs.find('$') == std::string::npos && s.lhs.rfind("__CPROVER", 0) != 0 && !s.lhs.empty();
}

} // namespace

std::optional<CbmcTrace> parseCbmcTrace(const std::string &text, std::string &error) {
    size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
        error = "the file is empty";
        return std::nullopt;
    }
    if (text[first] == '<')
        return fromXml(text, error);
    json messages = json::parse(text, nullptr, false);
    if (messages.is_discarded()) {
        error = "neither CBMC's --json-ui output (not valid JSON) nor its --xml-ui output";
        return std::nullopt;
    }
    return fromJson(messages, error);
}

ExecutionInput inputsFromCbmcTrace(const Program &program, const CbmcTrace &trace, std::vector<std::string> &notes) {
    // Locals declared without initializer, by (function, name, line): their value is an input.
    // `int x = f();` draws an indeterminate value too, never read: CBMC shows only the
    // call's, so a placeholder keeps the later values in their places.
    struct Undefined {
        const Type *type;
        bool byCall;
    };
    std::map<std::tuple<std::string, std::string, unsigned>, Undefined> undefined;
    for (const CfaEdge &e : program.edges)
        if (e.kind == EdgeKind::Declaration && !e.hasInitializer && e.declared != NoVar) {
            const Variable &v = program.variable(e.declared);
            const std::string &function = program.functions[size_t(e.function)].name;
            if (!v.isTemporary)
                undefined[{function, v.name, e.range.beginLine}] = {v.type, assignedByNextCall(program, e)};
            else if (indeterminateReturn(program, e))
                // CBMC names the value a function hands back without a return statement so.
                undefined[{function, "goto_symex$$return_value$$" + function, e.range.beginLine}] = {v.type, false};
        }
    // Nondet calls by (function, line, lvalue): CBMC shows `x = nondet();` as the write of
    // x alone, without a return_value step.
    // With the type the call returns: a float or double input is held as its double's bits
    // (FloatSemantics.h), CBMC gives the value's own bits.
    std::map<std::tuple<std::string, unsigned, std::string>, const Type *> nondetSites;
    for (const CfaEdge &e : program.edges)
        if (e.kind == EdgeKind::Call && e.call.lhs &&
            (e.call.intrinsic == Intrinsic::Nondet || e.call.intrinsic == Intrinsic::External)) {
            const Type *ft = program.functions[size_t(e.call.callee)].type;
            nondetSites[{program.functions[size_t(e.function)].name, e.range.beginLine,
                         normalLvalue(exprToString(program, e.call.lhs))}] = ft ? ft->target : nullptr;
        }
    auto inputOf = [](int64_t bits, const Type *t) {
        return t && t->isFloat() ? int64_t(inputBitsOfFloat(uint64_t(bits), t)) : bits;
    };
    ExecutionInput input;
    std::pair<std::string, unsigned> lastReturn; // where the last return_value step was
    for (const CbmcTraceStep &s : trace.steps) {
        if (s.kind != CbmcTraceStep::Kind::Assignment || s.parameter)
            continue;
        if (auto site = nondetSites.find({s.function, s.line, normalLvalue(s.lhs)}); site != nondetSites.end()) {
            if (lastReturn == std::pair{s.function, s.line})
                lastReturn = {}; // the copy of the value just taken
            else
                input.nondet.push_back(s.leaves.size() == 1 ? inputOf(s.leaves[0], site->second) : 0);
        } else if (s.lhs.rfind("return_value_", 0) == 0) {
            // The second call's value is return_value_f$0, the third's return_value_f$1.
            std::string callee = s.lhs.substr(std::string("return_value_").size());
            callee = callee.substr(0, callee.find('$'));
            const FunctionCfa *f = program.function(callee);
            if (!f || f->hasBody || (f->intrinsic != Intrinsic::Nondet && f->intrinsic != Intrinsic::External))
                continue;
            lastReturn = {s.function, s.line};
            if (s.leaves.size() != 1) {
                notes.push_back("the value " + s.value + " of " + f->name + "() at line " + std::to_string(s.line) +
                                " is no scalar; 0 taken");
                input.nondet.push_back(0);
            } else {
                input.nondet.push_back(inputOf(s.leaves[0], f->type ? f->type->target : nullptr));
            }
            continue;
        }
        auto it = undefined.find({s.function, s.lhs, s.line});
        if (it == undefined.end())
            continue;
        size_t leaves = leavesOf(it->second.type).size();
        if (it->second.byCall) {
            input.uninitialized.resize(input.uninitialized.size() + leaves, 0);
            continue;
        }
        std::vector<int64_t> values = s.leaves;
        if (values.size() != leaves) {
            notes.push_back("CBMC gives " + std::to_string(values.size()) + " scalars for " + s.lhs + " at line " +
                            std::to_string(s.line) + ", vcov holds " + std::to_string(leaves) +
                            (values.size() < leaves ? "; the rest are 0" : "; the rest are dropped"));
            values.resize(leaves, 0);
        }
        input.uninitialized.insert(input.uninitialized.end(), values.begin(), values.end());
    }
    return input;
}

size_t TraceAgreement::count(Status s) const {
    return size_t(std::count_if(rows.begin(), rows.end(), [&](const Row &r) { return r.status == s; }));
}

const TraceAgreement::Row *TraceAgreement::rowOfStep(int vcovStep) const {
    for (const Row &r : rows)
        if (r.vcovStep == vcovStep)
            return &r;
    return nullptr;
}

const char *endingName(TraceAgreement::Ending e) {
    switch (e) {
    case TraceAgreement::Ending::Same: return "same";
    case TraceAgreement::Ending::EarlierOnCbmcsPath: return "earlier-on-cbmcs-path";
    case TraceAgreement::Ending::PastUnwindingBound: return "past-unwinding-bound";
    case TraceAgreement::Ending::Different: return "different";
    }
    return "";
}

bool CbmcTrace::unwinding() const { return isUnwindingProperty(property); }

const char *agreementStatusName(TraceAgreement::Status s) {
    switch (s) {
    case TraceAgreement::Status::Agrees: return "agrees";
    case TraceAgreement::Status::Differs: return "differs";
    case TraceAgreement::Status::NotCompared: return "not compared";
    case TraceAgreement::Status::Missing: return "not in vcov's execution";
    }
    return "";
}

TraceAgreement compareWithCbmcTrace(const Program &program, const Execution &execution, const CbmcTrace &trace) {
    TraceAgreement a;
    size_t cursor = 0;
    // How far ahead to look for vcov's write of a CBMC assignment (a loop CBMC unwinds
    // differently, or a write vcov does not record, must not make the search quadratic).
    constexpr size_t Window = 20000;
    for (size_t i = 0; i < trace.steps.size(); ++i) {
        const CbmcTraceStep &s = trace.steps[i];
        if (!isProgramWrite(s))
            continue;
        TraceAgreement::Row row;
        row.cbmcStep = i;
        const std::string lhs = normalLvalue(s.lhs);
        for (size_t k = cursor; k < execution.steps.size() && k < cursor + Window; ++k) {
            const ExecutionStep &x = execution.steps[k];
            const CfaEdge &e = program.edge(x.edge);
            if (x.assigned.empty() || e.range.beginLine != s.line || normalLvalue(x.assigned) != lhs ||
                assignedByNextCall(program, e) ||
                (e.range.valid() && !sameBaseName(program.files[size_t(e.range.file)].path, s.file)))
                continue;
            row.vcovStep = int(k);
            row.vcovValue = x.value;
            cursor = k + 1;
            break;
        }
        if (row.vcovStep >= 0) {
            auto mine = fromText(row.vcovValue);
            const CfaEdge &written = program.edge(execution.steps[size_t(row.vcovStep)].edge);
            const Type *wt = written.kind == EdgeKind::Declaration ? program.variable(written.declared).type
                             : written.kind == EdgeKind::Call && written.call.lhs ? written.call.lhs->type
                             : written.lhs                                        ? written.lhs->type
                                                                                  : nullptr;
            uint64_t floatBits = 0;
            if (row.vcovValue == s.value)
                row.status = TraceAgreement::Status::Agrees;
            else if (wt && wt->isFloat() && s.leaves.size() == 1 && parseFloat(row.vcovValue, wt, floatBits))
                // vcov writes the shortest decimal, CBMC its own: the bits decide (NaNs are alike).
                row.status = floatBits == truncateBits(uint64_t(s.leaves[0]), wt->bits) ||
                                     (std::isnan(floatValue(floatBits, wt)) &&
                                      std::isnan(floatValue(uint64_t(s.leaves[0]), wt)))
                                 ? TraceAgreement::Status::Agrees
                                 : TraceAgreement::Status::Differs;
            else if (mine && s.leaves.size() == 1) {
                // Compare the bits: CBMC prints a char as 'a' or an unsigned as 4294967295u.
                const CfaEdge &e = program.edge(execution.steps[size_t(row.vcovStep)].edge);
                const Type *t = e.kind == EdgeKind::Declaration ? program.variable(e.declared).type
                                : e.kind == EdgeKind::Call && e.call.lhs ? e.call.lhs->type
                                : e.lhs                                  ? e.lhs->type
                                                                         : nullptr;
                unsigned bits = t && t->isInt() ? t->bits : 64;
                uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
                row.status = (uint64_t(*mine) & mask) == (uint64_t(s.leaves[0]) & mask) ? TraceAgreement::Status::Agrees
                                                                                          : TraceAgreement::Status::Differs;
            } else {
                row.status = TraceAgreement::Status::NotCompared;
            }
        }
        a.rows.push_back(row);
    }
    const ExecutionEnding &end = execution.ending;
    auto at = [&](const CfaEdge &e, const std::string &file, unsigned line) {
        return line == e.range.beginLine &&
               (!e.range.valid() || sameBaseName(program.files[size_t(e.range.file)].path, file));
    };
    size_t lastFailure = trace.steps.size();
    for (size_t i = 0; i < trace.steps.size(); ++i)
        if (trace.steps[i].kind == CbmcTraceStep::Kind::Failure)
            lastFailure = i;
    const bool stopped = (end.kind == EndingKind::PropertyViolation || end.kind == EndingKind::UndefinedBehaviour) &&
                         end.edge >= 0;
    if (stopped && !trace.unwinding()) {
        const CfaEdge &e = program.edge(end.edge);
        // vcov stops at the call of reach_error(); CBMC fails at the assertion inside it.
        if (end.kind == EndingKind::PropertyViolation &&
            (at(e, trace.failureFile, trace.failureLine) ||
             (e.kind == EdgeKind::Call && e.call.intrinsic == Intrinsic::Error &&
              trace.failureFunction == e.call.calleeName)))
            a.ending = TraceAgreement::Ending::Same;
        else
            for (size_t i = 0; i < lastFailure; ++i) {
                const CbmcTraceStep &f = trace.steps[i];
                if (f.kind == CbmcTraceStep::Kind::Failure && at(e, f.file, f.line) && !isUnwindingProperty(f.property)) {
                    a.ending = TraceAgreement::Ending::EarlierOnCbmcsPath;
                    a.earlierProperty = f.property.empty() ? f.reason : f.property;
                    break;
                }
            }
    } else if (trace.unwinding() && !stopped) {
        // The bound CBMC ran out of is no ending of the program: vcov's execution, following
        // the same inputs, reaches the place and goes on.
        size_t from = 0;
        for (const TraceAgreement::Row &r : a.rows)
            if (r.vcovStep >= 0)
                from = size_t(r.vcovStep);
        for (size_t k = from; k < execution.steps.size(); ++k)
            if (at(program.edge(execution.steps[k].edge), trace.failureFile, trace.failureLine)) {
                a.ending = TraceAgreement::Ending::PastUnwindingBound;
                break;
            }
    }
    a.endingAgrees = a.ending != TraceAgreement::Ending::Different;
    const size_t agree = a.count(TraceAgreement::Status::Agrees), differ = a.count(TraceAgreement::Status::Differs),
                 missing = a.count(TraceAgreement::Status::Missing);
    a.summary = std::to_string(agree) + " of " + std::to_string(a.rows.size()) + " assignments in CBMC's trace agree";
    if (differ)
        a.summary += ", " + std::to_string(differ) + " differ";
    if (missing)
        a.summary += ", " + std::to_string(missing) + " not in vcov's execution";
    if (size_t other = a.rows.size() - agree - differ - missing)
        a.summary += ", " + std::to_string(other) + " not compared";
    const std::string where = trace.failureFile + ":" + std::to_string(trace.failureLine);
    switch (a.ending) {
    case TraceAgreement::Ending::Same: a.summary += "; both fail at " + where; break;
    case TraceAgreement::Ending::EarlierOnCbmcsPath:
        a.summary += "; vcov stops earlier, at a failure CBMC's trace passes through on its way to " + where + " (" +
                     a.earlierProperty + "): " + describeEnding(program, end);
        break;
    case TraceAgreement::Ending::PastUnwindingBound:
        a.summary += "; CBMC's trace ends at its unwinding bound at " + where + " (" + trace.description +
                     "), which vcov's execution reaches and runs past: " + describeEnding(program, end);
        break;
    case TraceAgreement::Ending::Different:
        a.summary += "; CBMC fails at " + where + " (" + trace.description + "), vcov: " + describeEnding(program, end);
        break;
    }
    return a;
}

std::optional<Property> propertyOfCbmcId(const std::string &id, const std::string &description) {
    // CBMC's ids are function.check.n; the check names are CBMC's (goto-checker).
    if (id.find(".array_bounds.") != std::string::npos ||
        (id.find(".pointer_dereference.") != std::string::npos &&
         description.find("outside object bounds") != std::string::npos))
        return Property::ArrayBounds;
    if (id.find(".pointer_dereference.") != std::string::npos || id.find(".pointer.") != std::string::npos ||
        id.find(".precondition_instance.") != std::string::npos)
        return Property::Pointer;
    if (id.find(".division-by-zero.") != std::string::npos)
        return Property::DivisionByZero;
    if (id.find("overflow.") != std::string::npos || id.find(".undefined-shift.") != std::string::npos)
        return Property::Overflow;
    return std::nullopt;
}

std::set<Property> checksOfCbmcFailures(const CbmcTrace &trace) {
    std::set<Property> checks;
    for (const CbmcTrace::Failed &f : trace.failed)
        if (auto p = propertyOfCbmcId(f.property, f.description))
            checks.insert(*p);
    if (auto p = propertyOfCbmcId(trace.property, trace.description))
        checks.insert(*p);
    return checks;
}

json withCbmcAgreement(json execution, const CbmcTrace &trace, const TraceAgreement &agreement) {
    execution["cbmc"] = {{"format", trace.format},
                         {"property", trace.property},
                         {"description", trace.description},
                         {"file", trace.failureFile},
                         {"line", trace.failureLine},
                         {"ending_agrees", agreement.endingAgrees},
                         {"ending", endingName(agreement.ending)},
                         {"summary", agreement.summary},
                         {"agree", agreement.count(TraceAgreement::Status::Agrees)},
                         {"differ", agreement.count(TraceAgreement::Status::Differs)},
                         {"missing", agreement.count(TraceAgreement::Status::Missing)}};
    json missing = json::array();
    for (const TraceAgreement::Row &r : agreement.rows) {
        const CbmcTraceStep &s = trace.steps[r.cbmcStep];
        if (r.vcovStep < 0) {
            missing.push_back({{"file", s.file}, {"line", s.line}, {"lhs", s.lhs}, {"value", s.value}});
            continue;
        }
        if (execution.contains("steps") && size_t(r.vcovStep) < execution["steps"].size()) {
            json &step = execution["steps"][size_t(r.vcovStep)];
            step["cbmc_value"] = s.value;
            step["agreement"] = agreementStatusName(r.status);
        }
    }
    execution["cbmc"]["not_in_vcov"] = missing;
    return execution;
}

} // namespace vcov

// The formats vcov shares with other tools: SV-COMP violation witnesses (written for a
// counterexample, read back and validated: confirmed with a replayed execution, refuted
// only by a complete proof, never confirmed by values that miss the violation), CBMC's
// traces (inputs taken over, values compared), SARIF; and bad files of each kind.
#include "ParseHelpers.h"

#include "bmc/Bmc.h"
#include "formats/CbmcTrace.h"
#include "formats/Sarif.h"
#include "formats/ViolationWitness.h"
#include "semantics/Interpreter.h"
#include "witness/WitnessValidation.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace vcov;
using namespace vcov::test;

namespace {

// A bug behind a nondet value, an uninitialized local and a call.
const char *buggy = R"(extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int twice(int v) { return 2 * v; }
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y;
    int s = 0;
    for (int i = 0; i < 3; i++)
        if (x > i) s += twice(i);
    if (y == 7 && s == 6 && x == 1234)
        reach_error();
    return 0;
}
)";

BmcResult counterexampleOf(const Program &p) {
    BmcOptions o;
    o.unwind = 5;
    BmcResult r = checkProgram(p, o);
    EXPECT_EQ(r.verdict, Verdict::Unsafe);
    EXPECT_TRUE(r.replayed);
    return r;
}

BmcOptions validationOptions() {
    BmcOptions o;
    o.unwind = 5;
    o.timeoutSeconds = 60;
    return o;
}

} // namespace

TEST(ViolationWitness, BothFormatsRoundTripToTheSameExecution) {
    auto p = parseC(buggy);
    BmcResult r = counterexampleOf(*p);
    ASSERT_TRUE(r.counterexample);
    for (bool graphml : {false, true}) {
        SCOPED_TRACE(graphml ? "GraphML" : "YAML");
        WitnessMetadata meta;
        meta.version = "test";
        std::string text = graphml ? violationWitnessGraphml(*p, *r.counterexample, meta)
                                   : violationWitnessYaml(*p, *r.counterexample, meta);
        std::string error;
        auto w = parseViolationWitness(text, error);
        ASSERT_TRUE(w) << error << "\n" << text;
        EXPECT_EQ(w->format, graphml ? "graphml" : "yaml");
        // The nondet value, y's value and the target (GraphML adds the edge into the violation node).
        std::vector<Waypoint> f = w->follows();
        ASSERT_GE(f.size(), 3u);
        EXPECT_EQ(f.back().type, Waypoint::Type::Target);
        bool sawResult = false, sawY = false;
        for (const Waypoint &x : f) {
            sawResult |= x.type == Waypoint::Type::FunctionReturn && x.constraint == "\\result == 1234";
            sawY |= x.type == Waypoint::Type::Assumption && x.constraint == "y == 7";
        }
        EXPECT_TRUE(sawResult) << text;
        EXPECT_TRUE(sawY) << text;
        WitnessValidation v = validateWitness(*p, *w, validationOptions());
        EXPECT_EQ(v.verdict, WitnessVerdict::Confirmed) << v.reason;
        ASSERT_TRUE(v.execution);
        EXPECT_EQ(v.method, "replay of the witness's values");
        EXPECT_EQ(v.execution->ending.edge, r.counterexample->ending.edge);
        EXPECT_EQ(v.execution->input.nondet, r.counterexample->input.nondet);
    }
}

TEST(ViolationWitness, YamlFollowsFormatTwoPointZero) {
    auto p = parseC(buggy);
    BmcResult r = counterexampleOf(*p);
    WitnessMetadata meta;
    meta.version = "1.2";
    meta.creationTime = "2026-01-01T00:00:00Z";
    std::string text = violationWitnessYaml(*p, *r.counterexample, meta);
    for (const char *needle : {"entry_type: \"violation_sequence\"", "format_version: \"2.0\"", "name: \"vcov\"",
                               "version: \"1.2\"", "data_model: \"LP64\"", "language: \"C\"",
                               "format: \"acsl_expression\"", "type: \"target\"", "action: \"follow\""})
        EXPECT_NE(text.find(needle), std::string::npos) << needle << "\n" << text;
    // function_return sits at the call's closing parenthesis: line 5, column 35.
    EXPECT_NE(text.find("line: 5\n              column: 35\n"), std::string::npos) << text;
}

// A witness of a check other than reach_error says which (SV-COMP's valid-deref for an
// access outside its object): validated against assertions alone, the out-of-bounds path
// would be cut as undefined and the real violation "refuted".
TEST(ViolationWitness, AnOutOfBoundsWitnessNamesValidDerefAndIsConfirmed) {
    auto p = parseC(R"(extern int __VERIFIER_nondet_int(void);
int a[2];
int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i > 0 && i < 4)
        return a[i];
    return 0;
}
)");
    BmcOptions o;
    o.unwind = 3;
    o.properties = *parsePropertyList("all");
    BmcResult r = checkProgram(*p, o);
    ASSERT_EQ(r.verdict, Verdict::Unsafe);
    ASSERT_TRUE(r.counterexample);
    ASSERT_EQ(r.counterexample->ending.property, Property::ArrayBounds);
    EXPECT_EQ(specificationOf(Property::ArrayBounds), "G valid-deref");
    EXPECT_EQ(specificationOf(Property::Overflow), "G ! overflow");
    EXPECT_EQ(specificationOf(std::nullopt), "G ! call(reach_error())");
    WitnessMetadata meta;
    meta.version = "test";
    for (bool graphml : {false, true}) {
        SCOPED_TRACE(graphml ? "GraphML" : "YAML");
        std::string text = graphml ? violationWitnessGraphml(*p, *r.counterexample, meta)
                                   : violationWitnessYaml(*p, *r.counterexample, meta);
        EXPECT_NE(text.find("G valid-deref"), std::string::npos) << text;
        std::string error;
        auto w = parseViolationWitness(text, error);
        ASSERT_TRUE(w) << error;
        WitnessValidation v = validateWitness(*p, *w, validationOptions()); // assertions only given
        EXPECT_EQ(v.verdict, WitnessVerdict::Confirmed) << v.reason;
    }
}

TEST(ViolationWitness, RefutedOnlyWhenNoExecutionFollowsItToAViolation) {
    auto p = parseC(buggy);
    BmcResult r = counterexampleOf(*p);
    std::string error;
    auto w = parseViolationWitness(violationWitnessYaml(*p, *r.counterexample, {}), error);
    ASSERT_TRUE(w) << error;
    // The bug fixed: the same witness describes no execution any more.
    std::string fixed = buggy;
    fixed.replace(fixed.find("x == 1234"), 9, "x == -1234");
    auto q = parseC(fixed);
    WitnessValidation v = validateWitness(*q, *w, validationOptions());
    EXPECT_EQ(v.verdict, WitnessVerdict::Refuted) << v.reason;
    EXPECT_FALSE(v.execution);
}

TEST(ViolationWitness, ATargetInsideReachErrorIsTheCallsViolation) {
    auto p = parseC(buggy);
    BmcResult r = counterexampleOf(*p);
    std::string text = violationWitnessYaml(*p, *r.counterexample, {});
    // Another tool names the line inside reach_error() (line 2) as the target.
    size_t target = text.find("type: \"target\"");
    ASSERT_NE(target, std::string::npos);
    size_t line = text.find("line: 11", target);
    ASSERT_NE(line, std::string::npos) << text;
    text.replace(line, 8, "line: 2");
    std::string error;
    auto w = parseViolationWitness(text, error);
    ASSERT_TRUE(w) << error;
    WitnessValidation v = validateWitness(*p, *w, validationOptions());
    EXPECT_EQ(v.verdict, WitnessVerdict::Confirmed) << v.reason;
    // And without its values the model checker finds it: never refuted.
    std::string open = text;
    const std::string pinned = "result == 1234\"", other = "result == 7\"";
    for (size_t at; (at = open.find(pinned)) != std::string::npos;)
        open.replace(at, pinned.size(), other);
    w = parseViolationWitness(open, error);
    ASSERT_TRUE(w) << error;
    EXPECT_NE(validateWitness(*p, *w, validationOptions()).verdict, WitnessVerdict::Refuted);
}

TEST(ViolationWitness, ValuesThatMissTheViolationAreNeverConfirmed) {
    auto p = parseC(buggy);
    BmcResult r = counterexampleOf(*p);
    std::string error;
    auto w = parseViolationWitness(violationWitnessYaml(*p, *r.counterexample, {}), error);
    ASSERT_TRUE(w) << error;
    // Another value reaches the violation now: an execution exists, but not the witness's.
    std::string moved = buggy;
    moved.replace(moved.find("x == 1234"), 9, "x == 4321");
    auto q = parseC(moved);
    WitnessValidation v = validateWitness(*q, *w, validationOptions());
    EXPECT_EQ(v.verdict, WitnessVerdict::Unknown) << v.reason;
    EXPECT_NE(v.reason.find("misses"), std::string::npos) << v.reason;
}

TEST(ViolationWitness, BadFilesGetAClearError) {
    std::string error;
    EXPECT_FALSE(parseViolationWitness("", error));
    EXPECT_EQ(error, "the file is empty");
    EXPECT_FALSE(parseViolationWitness("- entry_type: [unclosed", error));
    EXPECT_NE(error.find("YAML"), std::string::npos) << error;
    EXPECT_FALSE(parseViolationWitness("- entry_type: invariant_set\n  content: []\n", error));
    EXPECT_NE(error.find("no violation_sequence"), std::string::npos) << error;
    EXPECT_FALSE(parseViolationWitness("- entry_type: violation_sequence\n  content:\n    - segment:\n"
                                       "        - waypoint: {type: teleport, action: follow, location: {line: 1}}\n",
                                       error));
    EXPECT_NE(error.find("teleport"), std::string::npos) << error;
    EXPECT_FALSE(parseViolationWitness("<graphml><graph><node id=\"a\"/>", error));
    EXPECT_NE(error.find("XML"), std::string::npos) << error;
    EXPECT_FALSE(parseViolationWitness(
        "<graphml><key id=\"entry\" attr.name=\"isEntryNode\"/><graph><node id=\"a\"><data key=\"entry\">true</data>"
        "</node></graph></graphml>",
        error));
    EXPECT_NE(error.find("violation node"), std::string::npos) << error;
}

// CBMC's --json-ui shape (cbmc 6.6): a nondet return value, an uninitialized local, a write.
const char *cbmcJson = R"([{"program": "CBMC 6.6.0"},
 {"result": [{"property": "main.assertion.1", "description": "assertion x != 5", "status": "FAILURE", "trace": [
  {"stepType": "assignment", "hidden": true, "lhs": "return_value___VERIFIER_nondet_int",
   "sourceLocation": {"file": "input.c", "function": "main", "line": "4"}, "value": {"name": "integer", "data": "0", "binary": "00000000000000000000000000000000", "width": 32}},
  {"stepType": "assignment", "hidden": false, "assignmentType": "variable", "lhs": "return_value___VERIFIER_nondet_int",
   "sourceLocation": {"file": "input.c", "function": "main", "line": "4"}, "value": {"name": "integer", "data": "-3", "binary": "11111111111111111111111111111101", "width": 32}},
  {"stepType": "assignment", "hidden": false, "assignmentType": "variable", "lhs": "x",
   "sourceLocation": {"file": "input.c", "function": "main", "line": "4"}, "value": {"name": "integer", "data": "-3", "width": 32}},
  {"stepType": "assignment", "hidden": false, "assignmentType": "variable", "lhs": "a",
   "sourceLocation": {"file": "input.c", "function": "main", "line": "5"}, "value": {"name": "array", "elements": [
     {"index": 0, "value": {"name": "integer", "data": "8", "binary": "00000000000000000000000000001000"}},
     {"index": 1, "value": {"name": "integer", "data": "9", "binary": "00000000000000000000000000001001"}}]}},
  {"stepType": "assignment", "hidden": false, "assignmentType": "variable", "lhs": "x",
   "sourceLocation": {"file": "input.c", "function": "main", "line": "6"}, "value": {"name": "integer", "data": "5", "width": 32}},
  {"stepType": "failure", "hidden": false, "property": "main.assertion.1", "reason": "assertion x != 5",
   "sourceLocation": {"file": "input.c", "function": "main", "line": "7"}}]}]}])";

const char *traced = R"(extern int __VERIFIER_nondet_int(void);
extern void __assert_fail(const char *, const char *, unsigned, const char *);
int main(void) {
    int x = __VERIFIER_nondet_int();
    int a[2];
    x = x + a[0];
    if (x == 5) __assert_fail("x != 5", "t.c", 7, "main");
    return 0;
}
)";

TEST(CbmcTrace, JsonTraceReplaysWithCbmcsValuesBeside) {
    std::string error;
    auto t = parseCbmcTrace(cbmcJson, error);
    ASSERT_TRUE(t) << error;
    EXPECT_EQ(t->format, "json-ui");
    EXPECT_EQ(t->property, "main.assertion.1");
    EXPECT_EQ(t->failureLine, 7u);
    EXPECT_EQ(t->steps.size(), 5u); // the hidden step is left out
    auto p = parseC(traced);
    std::vector<std::string> notes;
    ExecutionInput in = inputsFromCbmcTrace(*p, *t, notes);
    EXPECT_TRUE(notes.empty());
    EXPECT_EQ(in.nondet, (std::vector<int64_t>{int64_t(0xFFFFFFFDu)}));
    // x's own indeterminate value (never read: the call assigns it), then a's two elements.
    EXPECT_EQ(in.uninitialized, (std::vector<int64_t>{0, 8, 9}));
    Execution x = runProgram(*p, in);
    EXPECT_EQ(x.ending.kind, EndingKind::PropertyViolation);
    TraceAgreement a = compareWithCbmcTrace(*p, x, *t);
    EXPECT_TRUE(a.endingAgrees) << a.summary;
    EXPECT_EQ(a.count(TraceAgreement::Status::Agrees), 2u) << a.summary; // x = -3, x = 5
    EXPECT_EQ(a.count(TraceAgreement::Status::Differs), 0u) << a.summary;

    // A trace whose values vcov's execution does not reproduce shows the difference.
    std::string wrong = cbmcJson;
    wrong.replace(wrong.find("\"data\": \"5\""), 11, "\"data\": \"6\"");
    auto w = parseCbmcTrace(wrong, error);
    ASSERT_TRUE(w) << error;
    TraceAgreement b = compareWithCbmcTrace(*p, x, *w);
    EXPECT_EQ(b.count(TraceAgreement::Status::Differs), 1u) << b.summary;
    EXPECT_NE(b.summary.find("1 differ"), std::string::npos) << b.summary;
}

TEST(CbmcTrace, XmlTraceGivesTheSameInputs) {
    const char *xml = R"(<?xml version="1.0" encoding="UTF-8"?>
<cprover><result property="main.assertion.1" status="FAILURE"><goto_trace>
<assignment assignment_type="state" base_name="return_value___VERIFIER_nondet_int" hidden="false" step_nr="1">
 <location file="input.c" function="main" line="4"/><full_lhs>return_value___VERIFIER_nondet_int</full_lhs>
 <full_lhs_value binary="11111111111111111111111111111101">-3</full_lhs_value></assignment>
<assignment assignment_type="state" base_name="a" hidden="false" step_nr="2">
 <location file="input.c" function="main" line="5"/><full_lhs>a</full_lhs><full_lhs_value>{ 8, 9 }</full_lhs_value></assignment>
<failure hidden="false" property="main.assertion.1" reason="assertion x != 5" step_nr="3"><location file="input.c" function="main" line="7"/></failure>
</goto_trace></result></cprover>)";
    std::string error;
    auto t = parseCbmcTrace(xml, error);
    ASSERT_TRUE(t) << error;
    auto p = parseC(traced);
    std::vector<std::string> notes;
    ExecutionInput in = inputsFromCbmcTrace(*p, *t, notes);
    EXPECT_EQ(in.nondet, (std::vector<int64_t>{int64_t(0xFFFFFFFDu)}));
    EXPECT_EQ(in.uninitialized, (std::vector<int64_t>{8, 9}));
    EXPECT_EQ(t->failureLine, 7u);
}

TEST(CbmcTrace, BadFilesGetAClearError) {
    std::string error;
    EXPECT_FALSE(parseCbmcTrace("   ", error));
    EXPECT_EQ(error, "the file is empty");
    EXPECT_FALSE(parseCbmcTrace("[{\"result\": [", error));
    EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
    EXPECT_FALSE(parseCbmcTrace(R"([{"result": [{"property": "main.assertion.1", "status": "SUCCESS"}]}])", error));
    EXPECT_NE(error.find("no failed property"), std::string::npos) << error;
    EXPECT_FALSE(parseCbmcTrace("<cprover><result", error));
    EXPECT_NE(error.find("XML"), std::string::npos) << error;
}

TEST(Sarif, AViolationIsAnErrorWithItsCodeFlow) {
    auto p = parseC(buggy);
    BmcResult r = counterexampleOf(*p);
    nlohmann::json log = sarifForViolation(*p, &*r.counterexample, "assertion: reach_error() called", "test");
    EXPECT_EQ(log["version"], "2.1.0");
    const auto &run = log["runs"][0];
    EXPECT_EQ(run["tool"]["driver"]["name"], "vcov");
    ASSERT_EQ(run["results"].size(), 1u);
    const auto &result = run["results"][0];
    EXPECT_EQ(result["level"], "error");
    EXPECT_EQ(result["locations"][0]["physicalLocation"]["region"]["startLine"], 11);
    const auto &flow = result["codeFlows"][0]["threadFlows"][0]["locations"];
    EXPECT_GT(flow.size(), 10u);
    EXPECT_EQ(flow.back()["location"]["physicalLocation"]["region"]["startLine"], 11);
    // No violation: a run without results.
    EXPECT_TRUE(sarifForViolation(*p, nullptr, "", "test")["runs"][0]["results"].empty());
}

// Test-Comp test suites (sosy-lab's test-format 1.1): metadata.xml and one testN.xml per
// test, each <input> the value of one __VERIFIER_nondet_* call, in call order.
#pragma once

#include "goals/BranchGoals.h"

#include <string>

namespace vcov {

struct TestSuiteMetadata {
    std::string producer;      // "vcov 0.9"
    std::string specification = "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )";
    std::string creationTime;  // ISO 8601; empty: now (UTC)
};

// Shared by the files that describe a task (Test-Comp suites, SV-COMP witnesses).
std::string sha256Hex(const std::string &data);
std::string nowUtc(); // ISO 8601, UTC: "2026-11-23T20:49:37Z"
// The program file a task names: the first file given (not reached through #include).
const SourceFile *programFile(const Program &program);

std::string testSuiteMetadataXml(const Program &program, const TestSuiteMetadata &meta);
std::string testCaseXml(const GoalTest &test);

// Writes metadata.xml and test1.xml ... into dir (created); the error, or empty.
std::string writeTestCompSuite(const Program &program, const GoalReport &report, const TestSuiteMetadata &meta,
                               const std::string &dir);

} // namespace vcov

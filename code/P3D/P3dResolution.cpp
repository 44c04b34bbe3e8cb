/** @file P3dResolution.cpp */
#include "P3dResolution.h"

#include "Common/NumberText.h"
#include "Common/StringHelpers.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace agf::p3d {

namespace {

struct NamedCode {
    double value;
    const char *name;
};

// Special LODs by code (spec 7). Names follow Object Builder's wording.
const NamedCode kNamedCodes[] = {
    {1e13, "Geometry"},
    {2e13, "Buoyancy"},
    {3e13, "PhysX Old"},
    {4e13, "PhysX"},
    {5e13, "Navigation"},
    {1e15, "Memory"},
    {2e15, "Land Contact"},
    {3e15, "Roadway"},
    {4e15, "Paths"},
    {5e15, "Hit Points"},
    {6e15, "View Geometry"},
    {7e15, "Fire Geometry"},
    {8e15, "View Cargo Geometry"},
    {9e15, "View Cargo Fire Geometry"},
    {1e16, "View Commander"},
    {1.1e16, "View Commander Geometry"},
    {1.2e16, "View Commander Fire Geometry"},
    {1.3e16, "View Pilot Geometry"},
    {1.4e16, "View Pilot Fire Geometry"},
    {1.5e16, "View Gunner Geometry"},
    {1.6e16, "View Gunner Fire Geometry"},
    {1.7e16, "Sub Parts"},
    {1.8e16, "ShadowVolume View Cargo"},
    {1.9e16, "ShadowVolume View Pilot"},
    {2e16, "ShadowVolume View Gunner"},
    {2.1e16, "Wreck"},
};

bool Near(double a, double b) {
    return std::fabs(a - b) <= 1e-5 * std::fabs(b);
}

std::string Number(double value) {
    return NumberText(value, 6);
}

} // namespace

std::string ResolutionName(float resolution) {
    const double r = resolution;
    if (!std::isfinite(r)) {
        return "Unknown LOD";
    }
    if (r >= 0 && r < 1000) {
        return "LOD " + FixedNumberText(r, 3);
    }
    if (r >= 1000 && r < 1100) {
        return r == 1000 ? "View Gunner" : "View Gunner " + Number(r - 1000);
    }
    if (r >= 1100 && r < 1200) {
        return r == 1100 ? "View Pilot" : "View Pilot " + Number(r - 1100);
    }
    if (r >= 1200 && r < 1300) {
        return r == 1200 ? "View Cargo" : "View Cargo " + Number(r - 1200);
    }
    if (r >= 10000 && r < 20000) {
        return "ShadowVolume " + Number(r - 10000);
    }
    if (r >= 20000 && r < 30000) {
        return "Edit " + Number(r - 20000);
    }
    for (const NamedCode &code : kNamedCodes) {
        if (Near(r, code.value)) {
            return code.name;
        }
    }
    return "Resolution " + Number(r);
}

bool IsVisualResolution(float resolution) {
    return resolution >= 0 && resolution < 1000;
}

bool IsPointLod(float resolution) {
    return Near(resolution, 1e15) || Near(resolution, 2e15) || Near(resolution, 4e15) ||
           Near(resolution, 5e15);
}

std::vector<bool> SelectLods(const std::vector<float> &resolutions, const std::string &choice,
                             std::string &problem) {
    problem.clear();
    const std::string trimmed = Lower(Trim(choice));
    if (trimmed.empty() || trimmed == "all") {
        return std::vector<bool>(resolutions.size(), true);
    }
    std::vector<bool> selected(resolutions.size(), false);
    if (trimmed == "first") {
        for (size_t i = 0; i < resolutions.size(); ++i) {
            if (IsVisualResolution(resolutions[i])) {
                selected[i] = true;
                return selected;
            }
        }
        problem = "the model has no visual LOD";
        return selected;
    }
    size_t start = 0;
    while (start <= choice.size()) {
        size_t end = choice.find_first_of(";,", start);
        if (end == std::string::npos) {
            end = choice.size();
        }
        const std::string entry = Trim(choice.substr(start, end - start));
        start = end + 1;
        if (entry.empty()) {
            continue;
        }
        double value = 0;
        const bool numeric = ReadNumber(entry, value);
        bool matched = false;
        for (size_t i = 0; i < resolutions.size(); ++i) {
            const bool hit = numeric
                                 ? (value == 0 ? resolutions[i] == 0 : Near(resolutions[i], value))
                                 : Lower(ResolutionName(resolutions[i])) == Lower(entry);
            if (hit) {
                selected[i] = true;
                matched = true;
            }
        }
        if (!matched) {
            problem += (problem.empty() ? "" : ", ") + entry;
        }
    }
    if (!problem.empty()) {
        problem = "no LOD matches " + problem;
    }
    return selected;
}

} // namespace agf::p3d

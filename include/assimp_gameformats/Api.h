/** @file Api.h
 *  AGF_API marks what the shared library exports: the functions of the public headers, and
 *  nothing else (the library is built with hidden symbols by default). A program that links
 *  the static library, or code built into another library, defines AGF_STATIC (the CMake
 *  package does so for the static library).
 */
#pragma once

#if defined(AGF_STATIC)
#define AGF_API
#elif defined(_WIN32) || defined(__CYGWIN__)
#if defined(AGF_BUILDING_LIBRARY)
#define AGF_API __declspec(dllexport)
#else
#define AGF_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define AGF_API __attribute__((visibility("default")))
#else
#define AGF_API
#endif

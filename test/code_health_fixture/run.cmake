# Shows that tools/check-code-health.py catches each kind of violation: it is run on a tree
# written here, with a format folder that includes another (the layering fixture), a file over
# 800 lines, a function over 100 lines, an allow-listed long function and a stale allow-list
# entry, and must report exactly those and fail.
#   cmake -DPYTHON=... -DSOURCE_DIR=<project> -DWORK_DIR=<scratch> -P run.cmake
file(REMOVE_RECURSE ${WORK_DIR})
file(COPY ${SOURCE_DIR}/test/layering_fixture/code DESTINATION ${WORK_DIR})

string(REPEAT "// a line\n" 801 long_file)
file(WRITE ${WORK_DIR}/code/ActorX/Long.cpp "${long_file}")

string(REPEAT "    ++count;\n" 100 body)
string(REPEAT "    ++count;\n" 97 shortBody) # with the return and the braces: 100 lines
file(WRITE ${WORK_DIR}/tools/assimp/Functions.cpp
     "int LongFunction(int count) {\n${body}}\n\n"
     "int Known::AllowedFunction(int count,\n                            int more) {\n${body}}\n\n"
     "int ShortFunction(int count) {\n${shortBody}    return count;\n}\n")
file(WRITE ${WORK_DIR}/allow.txt
     "# exceptions\ntools/assimp/Functions.cpp:Known::AllowedFunction\ncode/ActorX/Gone.cpp\n")

execute_process(COMMAND ${PYTHON} ${SOURCE_DIR}/tools/check-code-health.py --root ${WORK_DIR}
                        --allow ${WORK_DIR}/allow.txt
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(NOT status EQUAL 1)
    message(FATAL_ERROR "expected exit status 1, got ${status}")
endif()
foreach(expected
        "ActorX includes code/P3D"
        "code/ActorX/Long.cpp: 801 lines"
        "tools/assimp/Functions.cpp:1: function LongFunction has 102 lines"
        "'code/ActorX/Gone.cpp' is no longer over its limit"
        "code health: 4 problem")
    string(FIND "${output}" "${expected}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "not reported: ${expected}")
    endif()
endforeach()
foreach(unexpected "AllowedFunction" "ShortFunction")
    string(FIND "${output}" "${unexpected}" at)
    if(NOT at EQUAL -1)
        message(FATAL_ERROR "reported, but within the rules: ${unexpected}")
    endif()
endforeach()

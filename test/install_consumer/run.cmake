# Installs the build tree into a scratch prefix, then configures, builds and runs a small
# application that knows the library only through find_package(AssimpGameFormats). The
# application is built with the build's compiler and standard library (a libc++ build's
# libraries cannot be linked by a libstdc++ program).
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix
                RESULT_VARIABLE result)
if(result)
    message(FATAL_ERROR "cmake --install failed")
endif()
foreach(installed lib/cmake/AssimpGameFormats/AssimpGameFormatsConfig.cmake
                  lib/pkgconfig/assimp-gameformats.pc bin/assimp
                  include/assimp_gameformats/GameFormats.h)
    if(NOT EXISTS ${WORK_DIR}/prefix/${installed})
        string(REPLACE "lib/" "lib/x86_64-linux-gnu/" multiarch ${installed})
        if(NOT EXISTS ${WORK_DIR}/prefix/${multiarch})
            message(FATAL_ERROR "not installed: ${installed}")
        endif()
    endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/test/install_consumer/app
                        -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix
                        -DCMAKE_CXX_COMPILER=${CXX_COMPILER} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
                        "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}"
                RESULT_VARIABLE result)
if(result)
    message(FATAL_ERROR "configuring the consumer failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/build RESULT_VARIABLE result)
if(result)
    message(FATAL_ERROR "building the consumer failed")
endif()
execute_process(COMMAND ${WORK_DIR}/build/consumer RESULT_VARIABLE result
                OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(result)
    message(FATAL_ERROR "the consumer failed: ${result}")
endif()

# The README's example program (examples/convert), built the same way, converts a test model.
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/convert
                        -B ${WORK_DIR}/example -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix
                        -DCMAKE_CXX_COMPILER=${CXX_COMPILER} "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
                        "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}"
                        "-DCMAKE_BUILD_RPATH=${WORK_DIR}/prefix/lib;${WORK_DIR}/prefix/lib/x86_64-linux-gnu"
                RESULT_VARIABLE result)
if(result)
    message(FATAL_ERROR "configuring the example failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/example RESULT_VARIABLE result)
if(result)
    message(FATAL_ERROR "building the example failed")
endif()
execute_process(COMMAND ${WORK_DIR}/example/convert
                        ${SOURCE_DIR}/test_models/actorx/skinned_box.psk ${WORK_DIR}/box.glb
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(result OR NOT EXISTS ${WORK_DIR}/box.glb OR NOT output MATCHES "2 meshes, 0 animations")
    message(FATAL_ERROR "the example did not convert skinned_box.psk: ${result}")
endif()

# Cross-compiling for 64-bit Windows with Debian's MinGW-w64 (g++-mingw-w64-x86-64-posix: the
# POSIX thread model, which std::thread needs). tools/build-windows.sh uses it for Assimp, the
# dependencies and our project.
#
# Libraries and packages are searched for only under MinGW's own folder and the prefixes in
# AGF_MINGW_ROOTS (a list; the cross-built dependencies and Assimp), never in the build
# machine's /usr: a Linux header or library must not be mistaken for a Windows one.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)

# Taken from the environment on the first configure, then kept in the cache.
set(AGF_MINGW_ROOTS "$ENV{AGF_MINGW_ROOTS}" CACHE STRING
    "Prefixes holding libraries cross-built for MinGW-w64")
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 ${AGF_MINGW_ROOTS})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config (Assimp's minizip, the tests' liblzo2) reads only those prefixes' .pc files.
set(_agf_pkg_config_dirs /usr/x86_64-w64-mingw32/lib/pkgconfig)
foreach(_agf_root IN LISTS AGF_MINGW_ROOTS)
    list(APPEND _agf_pkg_config_dirs ${_agf_root}/lib/pkgconfig ${_agf_root}/share/pkgconfig)
endforeach()
string(REPLACE ";" ":" _agf_pkg_config_dirs "${_agf_pkg_config_dirs}")
set(ENV{PKG_CONFIG_LIBDIR} "${_agf_pkg_config_dirs}")
set(ENV{PKG_CONFIG_PATH} "")

# Finds the Assimp to build against: any 5.2 to 6.x (docs/assimp-versions.md).
#
# Assimp's own version file accepts only a request of its own major version, so asking for
# "5.2" rejects 6.x and silently goes on to the next copy on the search path. We therefore
# ask for no version, take the first copy found, and check the range ourselves. The first copy
# is the one under AGF_ASSIMP_ROOT when that is set (nothing else is searched then), else the
# one under CMAKE_PREFIX_PATH, else the system's.
#
# Sets AGF_ASSIMP_VERSION (as the package reports it: Debian 12's 5.2.5 says 5.2.4) and
# AGF_ASSIMP_PREFIX, which the installed package configuration records.

set(AGF_ASSIMP_ROOT "" CACHE PATH
    "Prefix of the Assimp to build against (wins over CMAKE_PREFIX_PATH and the system's)")

# A changed AGF_ASSIMP_ROOT must not keep the package found before.
if(NOT "${AGF_ASSIMP_ROOT}" STREQUAL "${_AGF_ASSIMP_ROOT_SEARCHED}")
    unset(assimp_DIR CACHE)
    set(_AGF_ASSIMP_ROOT_SEARCHED "${AGF_ASSIMP_ROOT}" CACHE INTERNAL "")
endif()

if(AGF_ASSIMP_ROOT)
    find_package(assimp CONFIG REQUIRED PATHS "${AGF_ASSIMP_ROOT}" NO_DEFAULT_PATH)
else()
    find_package(assimp CONFIG REQUIRED)
endif()

set(AGF_ASSIMP_VERSION "${assimp_VERSION}")
if(AGF_ASSIMP_VERSION VERSION_LESS 5.2 OR NOT AGF_ASSIMP_VERSION VERSION_LESS 7)
    message(FATAL_ERROR "Assimp ${AGF_ASSIMP_VERSION} (${assimp_DIR}) is outside the supported "
                        "range 5.2 to 6.x; point AGF_ASSIMP_ROOT at another prefix")
endif()

# The prefix: the package's own record of it when it has one (ASSIMP_ROOT_DIR), else the
# folder three levels above its configuration (<prefix>/lib/<arch>/cmake/assimp-X.Y has four).
if(ASSIMP_ROOT_DIR)
    get_filename_component(AGF_ASSIMP_PREFIX "${ASSIMP_ROOT_DIR}" ABSOLUTE)
else()
    get_filename_component(AGF_ASSIMP_PREFIX "${assimp_DIR}/../../.." ABSOLUTE)
endif()
get_target_property(_agf_assimp_library assimp::assimp LOCATION)
message(STATUS "Assimp ${AGF_ASSIMP_VERSION} from ${AGF_ASSIMP_PREFIX} (${_agf_assimp_library})")
unset(_agf_assimp_library)

# Programs and libraries installed from this build find a private Assimp without any
# environment; system directories are never recorded.
set(CMAKE_INSTALL_RPATH_USE_LINK_PATH ON)

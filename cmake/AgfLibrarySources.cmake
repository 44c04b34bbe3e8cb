# The source files of the assimp-gameformats library, in one place for both builds that compile
# them: our own library (code/CMakeLists.txt) and libassimp with our formats built in
# (tools/libassimp/, tools/build-libassimp.sh). A new .cpp in a listed folder is picked up by
# both.

# Every .cpp in the shared folder and in a format's folder is part of the library; the folder is
# the unit of ownership. The files at the top of code/ tie the folders together.
set(AGF_LIBRARY_COMPONENTS Common ActorX P3D Paa Pbo IdolFX Poser Poses UEFormat Export)
set(AGF_LIBRARY_TOP_SOURCES AnimationLoaders.cpp Exporters.cpp Registry.cpp TextureDecoders.cpp)

# agf_library_sources(<out-var> <code-dir>): the absolute paths of every source under <code-dir>.
function(agf_library_sources out_var code_dir)
    set(sources)
    foreach(file ${AGF_LIBRARY_TOP_SOURCES})
        list(APPEND sources ${code_dir}/${file})
    endforeach()
    foreach(component ${AGF_LIBRARY_COMPONENTS})
        file(GLOB component_sources CONFIGURE_DEPENDS ${code_dir}/${component}/*.cpp)
        list(SORT component_sources)
        list(APPEND sources ${component_sources})
    endforeach()
    set(${out_var} ${sources} PARENT_SCOPE)
endfunction()

# agf_project_version(<out-var> <source-dir>): the VERSION of project() in our CMakeLists.txt.
function(agf_project_version out_var source_dir)
    file(STRINGS ${source_dir}/CMakeLists.txt project_line
         REGEX "^project\\(AssimpGameFormats VERSION [0-9.]+")
    string(REGEX REPLACE ".*VERSION ([0-9.]+).*" "\\1" version "${project_line}")
    set(${out_var} ${version} PARENT_SCOPE)
endfunction()

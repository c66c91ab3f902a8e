# DokuInstall.cmake — what `cmake --install` puts where, and the two ways
# a consumer finds it again: pkg-config (doku.pc) and find_package(doku)
# (doku-config.cmake, its version file and the exported targets
# doku::doku, the shared library, and doku::doku_static).
#
# Both are relocatable: doku.pc derives its prefix from ${pcfiledir}, the
# CMake files from their own location, so `cmake --install build --prefix
# X` (any X, chosen at install time) gives a working tree.

include(CMakePackageConfigHelpers)

set(DOKU_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/doku)

install(TARGETS doku
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS doku_static doku_shared EXPORT doku-targets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# every public header: doku.h (the engine) and those beside it (doku_records.h ...)
file(GLOB DOKU_PUBLIC_HEADERS ${CMAKE_CURRENT_SOURCE_DIR}/include/*.h)
install(FILES ${DOKU_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT doku-targets NAMESPACE doku:: DESTINATION ${DOKU_CMAKE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/doku-config.cmake.in
    ${CMAKE_CURRENT_BINARY_DIR}/doku-config.cmake
    INSTALL_DESTINATION ${DOKU_CMAKE_DIR})
# 0.x: a new minor version may change the ABI, so only the same minor
# version is compatible; from 1.0 on, the same major version.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(DOKU_COMPAT SameMinorVersion)
else()
  set(DOKU_COMPAT SameMajorVersion)
endif()
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/doku-config-version.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY ${DOKU_COMPAT})
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/doku-config.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/doku-config-version.cmake
        DESTINATION ${DOKU_CMAKE_DIR})

# pkg-config: the prefix is found from the .pc file's own directory
# (${pcfiledir} = <prefix>/<libdir>/pkgconfig), so the file needs as many
# "/.." as the library directory has components, plus one.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(DOKU_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(DOKU_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(DOKU_PC_PREFIX "\${pcfiledir}/..")
  string(REPLACE "/" ";" DOKU_LIBDIR_PARTS "${CMAKE_INSTALL_LIBDIR}")
  foreach(part ${DOKU_LIBDIR_PARTS})
    set(DOKU_PC_PREFIX "${DOKU_PC_PREFIX}/..")
  endforeach()
  set(DOKU_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(DOKU_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(DOKU_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/doku.pc.in ${CMAKE_CURRENT_BINARY_DIR}/doku.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/doku.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# cmake --install: the two programs, their man pages, and the desktop integration
# (.desktop entry, AppStream metainfo, icon, the .vcov session MIME type); CPack turns the
# same layout into a Debian package (cpack -G DEB in the build directory).
include(GNUInstallDirs)

install(TARGETS vcov vcov-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/packaging/desktop/org.vcov.vcov.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/desktop/org.vcov.vcov.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/desktop/org.vcov.vcov.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/desktop/org.vcov.vcov-mime.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME org.vcov.vcov.xml)

# Man pages from the programs' own --help (packaging/manpage.py), so that they never drift.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  set(VCOV_MAN_DIR ${CMAKE_BINARY_DIR}/man)
  add_custom_command(OUTPUT ${VCOV_MAN_DIR}/vcov-cli.1 ${VCOV_MAN_DIR}/vcov.1
    COMMAND ${CMAKE_COMMAND} -E make_directory ${VCOV_MAN_DIR}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/packaging/manpage.py $<TARGET_FILE:vcov-cli> vcov-cli
            ${PROJECT_VERSION} ${VCOV_MAN_DIR}/vcov-cli.1
    COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
            ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/packaging/manpage.py $<TARGET_FILE:vcov> vcov
            ${PROJECT_VERSION} ${VCOV_MAN_DIR}/vcov.1
    DEPENDS vcov vcov-cli ${PROJECT_SOURCE_DIR}/packaging/manpage.py
    COMMENT "Man pages from --help")
  add_custom_target(manpages ALL DEPENDS ${VCOV_MAN_DIR}/vcov-cli.1 ${VCOV_MAN_DIR}/vcov.1)
  install(FILES ${VCOV_MAN_DIR}/vcov-cli.1 ${VCOV_MAN_DIR}/vcov.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME vcov)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "The vcov developers")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON) # the debug information stays in the build
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Explore the verification progress of C programs
 vcov runs verification analyses of C programs (Clang, Z3, MiniSat), stops them whenever
 the user wants, and shows what was verified: source lines covered, over-approximated,
 uncovered or proved unreachable, the assumption automaton, branch goals, mutants, and
 counterexamples, tests and witnesses step by step. vcov-cli runs the same engine
 headless.")
# The libraries come from dpkg-shlibdeps; Clang's builtin headers (stddef.h, ...) and the
# C library's headers are read by the front end at run time, MiniSat and gcc are used when present.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-19-dev, libc6-dev")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "minisat, gcc, graphviz")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cbmc, lcov")
include(CPack)

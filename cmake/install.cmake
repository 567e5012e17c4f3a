# Installation (FHS layout under the prefix) and the Debian package:
#   cmake --install build/release --prefix /usr/local
#   (cd build/release && cpack -G DEB)      # kete_<version>_<arch>.deb
# bin/ holds the engine and the tools, share/man/man6/kete.6 the manual page,
# share/doc/kete the README and docs/.
include(GNUInstallDirs)

install(TARGETS kete kete-match kete-datagen kete-texel kete-spsa kete-strength kete-solve kete-book
                kete-train
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/man/kete.6
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
install(FILES ${CMAKE_CURRENT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/docs/
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md")

set(CPACK_PACKAGE_NAME kete)
set(CPACK_PACKAGE_VENDOR "the kete developers")
set(CPACK_PACKAGE_CONTACT "the kete developers <kete@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "engine for Bao, the four-row mancala (UCI/UGI)")
set(CPACK_PACKAGE_DESCRIPTION
    "kete plays Bao la Kiswahili, Bao la Kujifunza, simple bao and kigogo. It speaks a superset of UCI and UGI on stdin/stdout, so GUIs and arenas such as cutegames can drive it. The package also holds kete-match, an engine-vs-engine arena, and the tuning tools.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# dpkg-shlibdeps (dpkg-dev) reads the runtime libraries off the binaries: on Debian 12
# libabsl20220623, libfmt9, libstdc++6, libgcc-s1 and libc6.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
include(CPack)

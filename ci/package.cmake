# What `cmake --install` puts on a machine and how CPack turns it into a .deb (ci/package builds it):
# the ferry program and its man page (docs/ferry.1, written by hand; ci/package-test checks it names every
# subcommand and option of the CLI's --help).
include(GNUInstallDirs)

install(TARGETS ferry RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Debian's policy: man pages are installed compressed. -n keeps the archive free of a timestamp, so two
# builds of one source make the same package.
set(FERRY_MAN_PAGE ${PROJECT_BINARY_DIR}/ferry.1.gz)
add_custom_command(
  OUTPUT ${FERRY_MAN_PAGE}
  COMMAND gzip -9 -n -c ${PROJECT_SOURCE_DIR}/docs/ferry.1 > ${FERRY_MAN_PAGE}
  DEPENDS ${PROJECT_SOURCE_DIR}/docs/ferry.1
  COMMENT "Compressing the man page")
add_custom_target(ferry_man_page ALL DEPENDS ${FERRY_MAN_PAGE})
install(FILES ${FERRY_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# The package's release; ci/package names the distribution in it (1~deb12, 1~deb13), since a package built
# on one links that distribution's libraries.
set(FERRY_PACKAGE_RELEASE "1" CACHE STRING "Debian revision of the package made by CPack")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ferry)
set(CPACK_PACKAGE_VENDOR ferry)
set(CPACK_PACKAGE_CONTACT "ferry maintainers <ferry@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Git-native Kratix Promise runner")
set(CPACK_PACKAGE_DESCRIPTION
    "ferry reconciles Kratix Promises and their requests from a directory or a Git repository: it runs the Promises' pipelines in containers and writes their output to Git state stores, without a Kubernetes cluster.")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # ferry_VERSION-RELEASE_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_RELEASE ${FERRY_PACKAGE_RELEASE})
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Depends: the shared libraries the binary links, as dpkg-shlibdeps finds them on the building system.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What ferry starts at run time: bubblewrap for `--runtime exec`; one of the container engines (or runc for
# `--runtime oci`) for images.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bubblewrap")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "podman | docker.io, runc")
include(CPack)

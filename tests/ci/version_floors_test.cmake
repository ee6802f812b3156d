# Test of the oldest library versions CMakeLists.txt accepts (run by ctest as version_floors_test): ferry is
# configured against a yaml-cpp 0.6.3 and then a Boost 1.73.0 (package version files, and Boost's
# version header, written in WORK)
# and CMake must refuse each, naming the version found and the version needed. The installed package's own
# directory (FOUND_YAML_CPP_DIR, FOUND_BOOST_DIR: where the build found it) is ignored, else CMake would pass
# over the old one and take it.
cmake_minimum_required(VERSION 3.25)

# `dir`, its real path, and each with and without a leading /usr (a merged-/usr system reaches one directory
# through both /lib and /usr/lib).
function(twin_paths dir out)
  file(REAL_PATH "${dir}" real)
  set(paths "")
  foreach(path IN ITEMS "${dir}" "${real}")
    list(APPEND paths "${path}")
    if(path MATCHES "^/usr(/.*)$")
      list(APPEND paths "${CMAKE_MATCH_1}")
    else()
      list(APPEND paths "/usr${path}")
    endif()
  endforeach()
  set(${out} "${paths}" PARENT_SCOPE)
endfunction()

# Configures SOURCE_DIR with `package` found at `version`; expects the refusal to name `version` and `needed`.
function(expect_refused package config_name version needed found_dir)
  twin_paths("${found_dir}" ignored)
  set(dir ${WORK}/${package}-${version})
  file(REMOVE_RECURSE ${dir})
  file(WRITE ${dir}/${config_name}-config.cmake "message(FATAL_ERROR \"the version check let ${version} through\")\n")
  file(WRITE ${dir}/${config_name}-config-version.cmake
       "set(PACKAGE_VERSION ${version})\n"
       "if(PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION)\n"
       "  set(PACKAGE_VERSION_COMPATIBLE FALSE)\n"
       "else()\n"
       "  set(PACKAGE_VERSION_COMPATIBLE TRUE)\n"
       "endif()\n")
  # Before CMake 3.30 (CMP0167) Boost is found by CMake's FindBoost, which reads boost/version.hpp.
  string(REPLACE "." ";" parts ${version})
  list(GET parts 0 major)
  list(GET parts 1 minor)
  math(EXPR boost_version "${major} * 100000 + ${minor} * 100")
  file(WRITE ${dir}/include/boost/version.hpp "#define BOOST_VERSION ${boost_version}\n")
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${dir}/build -D${package}_DIR=${dir}
                          "-DCMAKE_IGNORE_PATH=${ignored}" -DBoost_NO_BOOST_CMAKE=ON
                          -DBoost_INCLUDE_DIR=${dir}/include -DFERRY_TESTS=OFF -DFERRY_BENCH=OFF
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  string(REGEX REPLACE "[ \n]+" " " output "${output}")  # CMake wraps its messages
  if(result EQUAL 0)
    message(FATAL_ERROR "${package} ${version}: configured, expected a refusal")
  endif()
  # Config mode says `requested version "0.7"` and lists `version: 0.6.3`; FindBoost says
  # `Found unsuitable version "1.73.0", but required is at least "1.74"`.
  if(NOT output MATCHES "(requested version|required is at least) \"${needed}\"" OR NOT output MATCHES "${version}")
    message(FATAL_ERROR "${package} ${version}: expected a refusal naming ${version} and ${needed}, got:\n${output}")
  endif()
  message(STATUS "${package} ${version} refused, ${needed} needed")
endfunction()

expect_refused(yaml-cpp yaml-cpp 0.6.3 0.7 "${FOUND_YAML_CPP_DIR}")
expect_refused(Boost boost 1.73.0 1.74 "${FOUND_BOOST_DIR}")

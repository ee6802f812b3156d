# The include rules of ARCHITECTURE.md, checked on every build (the ferry_include_rules target every library
# depends on) and by tests/ci/include_rules_test.cmake:
#   1. a file of a product folder includes headers of its own folder and of the folders its library links
#      (the rules file, written by the top-level CMakeLists.txt from the target_link_libraries lines), never
#      of another product folder;
#   2. no two units (a header with its source file) include each other;
#   3. a folder whose library does not link yaml-cpp includes no header that brings yaml-cpp in: neither
#      <yaml-cpp/...> itself nor a product header of another folder that includes it, directly or through
#      other product headers (core/yaml_document.h and every parser header do). YAML stays in the parsers.
# Run as: cmake -DRULES=<file> -DSOURCE_DIR=<dir> [-DSTAMP=<file>] -P ci/check_includes.cmake
# RULES holds one line per folder: "<folder> <folder it may include> ...", its own folder first, and the word
# yaml-cpp when the folder's own library links yaml-cpp.
# Every violation is printed as "file:line: error: ..." and the script fails; nothing is printed when clean.
cmake_minimum_required(VERSION 3.25)

if(NOT RULES OR NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DRULES=<file> -DSOURCE_DIR=<dir> [-DSTAMP=<file>] -P check_includes.cmake")
endif()

file(STRINGS "${RULES}" rule_lines)
set(folders "")
foreach(line IN LISTS rule_lines)
  string(REPLACE " " ";" words "${line}")
  list(GET words 0 folder)
  list(APPEND folders "${folder}")
  set(allowed_${folder} "${words}")
endforeach()

set(violations "")
set(units "")
set(headers "")
foreach(folder IN LISTS folders)
  file(GLOB sources RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
  foreach(source IN LISTS sources)
    get_filename_component(stem "${source}" NAME_WLE)
    set(unit "${folder}/${stem}")
    list(APPEND units "${unit}")
    file(STRINGS "${SOURCE_DIR}/${source}" lines)
    if(source MATCHES "\\.h$")
      list(APPEND headers "${source}")
    endif()
    set(yaml_${source} FALSE)
    set(product_includes_${source} "")
    set(number 0)
    foreach(text IN LISTS lines)
      math(EXPR number "${number} + 1")
      if(text MATCHES "^#include <(yaml-cpp/[^>]+)>")
        set(yaml_${source} TRUE)
        if(NOT "yaml-cpp" IN_LIST allowed_${folder})
          list(APPEND violations
               "${source}:${number}: error: ${folder}/ may not include <${CMAKE_MATCH_1}>: ferry_${folder} does not link yaml-cpp (ARCHITECTURE.md)")
        endif()
        continue()
      endif()
      if(NOT text MATCHES "^#include \"([a-z_]+)/([a-z_0-9]+)\\.h\"")
        continue()
      endif()
      set(target_folder "${CMAKE_MATCH_1}")
      set(target_unit "${CMAKE_MATCH_1}/${CMAKE_MATCH_2}")
      if(NOT target_folder IN_LIST folders)
        continue()  # tests/, third-party paths: not a product folder
      endif()
      list(APPEND product_includes_${source} "${target_unit}.h")
      if(NOT target_folder STREQUAL folder)
        list(APPEND crossing_${folder} "${source}:${number}:${target_unit}.h")
      endif()
      if(NOT target_folder IN_LIST allowed_${folder})
        list(APPEND violations
             "${source}:${number}: error: ${folder}/ may not include ${target_unit}.h: ferry_${folder} does not link ferry_${target_folder} (ARCHITECTURE.md)")
      endif()
      if(NOT target_unit STREQUAL unit)
        list(APPEND includes_${unit} "${target_unit}")
        set(where_${unit}_${target_folder}_${CMAKE_MATCH_2} "${source}:${number}")
      endif()
    endforeach()
  endforeach()
endforeach()

# Headers that bring yaml-cpp in: those that include it, then (until nothing changes) those that include one
# of them.
set(changed TRUE)
while(changed)
  set(changed FALSE)
  foreach(header IN LISTS headers)
    if(yaml_${header})
      continue()
    endif()
    foreach(included IN LISTS product_includes_${header})
      if(yaml_${included})
        set(yaml_${header} TRUE)
        set(changed TRUE)
        break()
      endif()
    endforeach()
  endforeach()
endwhile()
# An include of another folder's header that brings yaml-cpp in, from a folder that does not link it (its
# own headers are reported where they include yaml-cpp or such a header themselves).
foreach(folder IN LISTS folders)
  if("yaml-cpp" IN_LIST allowed_${folder})
    continue()
  endif()
  foreach(crossing IN LISTS crossing_${folder})
    string(REGEX MATCH "^(.*):([0-9]+):(.*)$" parts "${crossing}")
    if(yaml_${CMAKE_MATCH_3})
      list(APPEND violations
           "${CMAKE_MATCH_1}:${CMAKE_MATCH_2}: error: ${folder}/ may not include ${CMAKE_MATCH_3}: it brings in yaml-cpp, which ferry_${folder} does not link (ARCHITECTURE.md)")
    endif()
  endforeach()
endforeach()

# Units that include each other: reported once, at the include of the first in sorted order.
list(REMOVE_DUPLICATES units)
foreach(unit IN LISTS units)
  foreach(other IN LISTS includes_${unit})
    if(unit STRLESS other AND unit IN_LIST includes_${other})
      string(REGEX REPLACE "^([a-z_]+)/" "\\1_" other_var "${other}")
      set(here "${where_${unit}_${other_var}}")
      list(APPEND violations "${here}: error: ${unit} and ${other} include each other (move what both need into a unit of its own)")
    endif()
  endforeach()
endforeach()

if(violations)
  list(REMOVE_DUPLICATES violations)
  foreach(violation IN LISTS violations)
    message("${violation}")
  endforeach()
  message(FATAL_ERROR "include rules broken (ci/check_includes.cmake)")
endif()
if(STAMP)
  file(TOUCH "${STAMP}")
endif()

# Test of ci/check_includes.cmake (run by ctest as include_rules_test): the product tree with the rules the
# build derives from its link lines passes; small trees with one violation each fail with the exact message.
# In the YAML cases pipeline links yaml-cpp and run links pipeline but not yaml-cpp.
cmake_minimum_required(VERSION 3.25)

function(run_check rules source_dir out_result out_output)
  execute_process(COMMAND ${CMAKE_COMMAND} -DRULES=${rules} -DSOURCE_DIR=${source_dir} -P ${CHECK}
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  set(${out_result} "${result}" PARENT_SCOPE)
  set(${out_output} "${output}" PARENT_SCOPE)
endfunction()

# Writes `files` (pairs of path and text) into a fresh tree with rules: runner may include run, run only itself.
function(make_tree name)
  make_tree_with_rules(${name} "run run\nrunner runner run\n" ${ARGN})
endfunction()

# The same with the given rules text.
function(make_tree_with_rules name rules)
  set(dir ${WORK}/${name})
  file(REMOVE_RECURSE ${dir})
  file(WRITE ${dir}/rules.txt "${rules}")
  set(args ${ARGN})
  while(args)
    list(POP_FRONT args path text)
    file(WRITE ${dir}/${path} "${text}")
  endwhile()
endfunction()

function(expect_refused name expected)
  run_check(${WORK}/${name}/rules.txt ${WORK}/${name} result output)
  if(result EQUAL 0)
    message(FATAL_ERROR "${name}: the check passed; expected it to refuse:\n${expected}")
  endif()
  string(FIND "${output}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${name}: expected\n${expected}\nin the output:\n${output}")
  endif()
endfunction()

run_check(${RULES} ${SOURCE_DIR} result output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the product tree breaks its include rules:\n${output}")
endif()

make_tree(allowed "runner/a.cpp" "#include \"run/b.h\"\n" "run/b.h" "#pragma once\n")
run_check(${WORK}/allowed/rules.txt ${WORK}/allowed result output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "allowed: a downward include was refused:\n${output}")
endif()

make_tree(wrong_way "run/a.cpp" "// a\n#include \"runner/b.h\"\n" "runner/b.h" "#pragma once\n")
expect_refused(wrong_way
  "run/a.cpp:2: error: run/ may not include runner/b.h: ferry_run does not link ferry_runner (ARCHITECTURE.md)")

make_tree(mutual "run/x.h" "#pragma once\n#include \"run/y.h\"\n" "run/y.h" "#pragma once\n"
          "run/y.cpp" "#include \"run/y.h\"\n#include \"run/x.h\"\n")
expect_refused(mutual
  "run/x.h:2: error: run/x and run/y include each other (move what both need into a unit of its own)")

set(yaml_rules "pipeline pipeline yaml-cpp\nrun run pipeline\n")
make_tree_with_rules(yaml_allowed "${yaml_rules}" "run/a.cpp" "#include \"pipeline/value.h\"\n"
                     "pipeline/value.h" "#pragma once\n" "pipeline/parser.h" "#pragma once\n#include <yaml-cpp/yaml.h>\n"
                     "pipeline/parser.cpp" "#include \"pipeline/parser.h\"\n#include \"pipeline/value.h\"\n")
run_check(${WORK}/yaml_allowed/rules.txt ${WORK}/yaml_allowed result output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "yaml_allowed: YAML in a folder that links yaml-cpp was refused:\n${output}")
endif()

make_tree_with_rules(yaml_direct "${yaml_rules}" "run/a.cpp" "// a\n#include <yaml-cpp/yaml.h>\n")
expect_refused(yaml_direct
  "run/a.cpp:2: error: run/ may not include <yaml-cpp/yaml.h>: ferry_run does not link yaml-cpp (ARCHITECTURE.md)")

make_tree_with_rules(yaml_through_headers "${yaml_rules}" "run/a.h" "#pragma once\n#include \"pipeline/model.h\"\n"
                     "pipeline/model.h" "#pragma once\n#include \"pipeline/reader.h\"\n"
                     "pipeline/reader.h" "#pragma once\n#include <yaml-cpp/yaml.h>\n")
expect_refused(yaml_through_headers
  "run/a.h:2: error: run/ may not include pipeline/model.h: it brings in yaml-cpp, which ferry_run does not link (ARCHITECTURE.md)")

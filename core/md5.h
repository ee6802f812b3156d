// MD5, needed only because Kratix names workload groups by md5(directory) and ferry must produce the same
// paths (the default group "." is 5058f1af8388633f609cadb75a75dc9d). Not used for anything security related.
#pragma once

#include <string>
#include <string_view>

namespace ferry {

std::string md5_hex(std::string_view data);  // 32 lower-case hex digits

}  // namespace ferry

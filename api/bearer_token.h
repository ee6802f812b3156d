// A pipeline's bearer token: 32 random bytes from OpenSSL's CSPRNG as 64 hex digits, made per pipeline run
// and compared in constant time, so one pipeline's token is refused by every other's listener.
#pragma once

#include <string>

#include "core/error.h"

namespace ferry::api {

Result<std::string> make_bearer_token();

// Whether an Authorization header's value is "Bearer <token>" for exactly `token`. The scheme is matched
// without regard to case, as the API server's bearer token authenticator does (and RFC 7235): the Python
// client's in-cluster configuration sends "bearer <token>".
bool bearer_matches(const std::string& authorization, const std::string& token);

}  // namespace ferry::api

#include "writer/git_callbacks.h"

#include <cstdint>
#include <string_view>

#include "writer/known_hosts.h"
#include "writer/libgit2_errors.h"
#include "writer/timeout_stream.h"

namespace ferry::writer::git {
namespace {

TransportContext& context_of(void* payload) {
  return *static_cast<TransportContext*>(payload);
}

// Records why the operation must stop, for transport_error, and tells libgit2 to stop.
int refuse(TransportContext& context, const std::string& message) {
  context.failure = message;
  git_error_set_str(GIT_ERROR_NET, message.c_str());
  return GIT_EUSER;
}

std::string ssh_host_name(const StoreUrl& url) {
  return url.port == 22 ? url.host : "[" + url.host + "]:" + std::to_string(url.port);
}

int ssh_key(git_credential** out, TransportContext& context, const char* username_from_url,
            unsigned int allowed) {
  const std::string& where = context.url.display;
  if (!context.credentials.ssh) {
    return refuse(context, "authentication required for " + where + ": no ssh key configured for this store");
  }
  const SshAuth& ssh = *context.credentials.ssh;
  const std::string user = !ssh.username.empty()          ? ssh.username
                           : username_from_url != nullptr ? std::string(username_from_url)
                                                          : context.url.username;
  if (ssh.private_key.empty()) {
    return git_credential_ssh_key_new(out, user.c_str(), nullptr, ssh.private_key_file.c_str(),
                                      ssh.passphrase.c_str());
  }
  if ((allowed & GIT_CREDENTIAL_SSH_MEMORY) != 0) {
    return git_credential_ssh_key_memory_new(out, user.c_str(), nullptr, ssh.private_key.c_str(),
                                             ssh.passphrase.c_str());
  }
  auto file = TempFile::create("ssh-key", ssh.private_key);  // libssh2 without in-memory keys
  if (!file) return refuse(context, file.error().message);
  context.key_file.emplace(std::move(file).value());
  return git_credential_ssh_key_new(out, user.c_str(), nullptr, context.key_file->path().c_str(),
                                    ssh.passphrase.c_str());
}

int basic_auth(git_credential** out, TransportContext& context) {
  const Credentials& credentials = context.credentials;
  const StoreUrl& url = context.url;
  if (!credentials.basic && url.username.empty() && url.password.empty()) {
    return refuse(context, "authentication required for " + url.display +
                               ": no username and password/token configured for this store");
  }
  const BasicAuth basic = credentials.basic ? *credentials.basic : BasicAuth{url.username, url.password};
  return git_credential_userpass_plaintext_new(out, basic.username.c_str(), basic.password.c_str());
}

int credentials(git_credential** out, const char* /*url*/, const char* username_from_url,
                unsigned int allowed, void* payload) {
  TransportContext& context = context_of(payload);
  const bool ssh = context.url.transport == StoreTransport::kSsh;
  if ((allowed & GIT_CREDENTIAL_USERNAME) != 0) {
    const std::string user = ssh && context.credentials.ssh && !context.credentials.ssh->username.empty()
                                 ? context.credentials.ssh->username
                                 : context.url.username;
    return git_credential_username_new(out, user.c_str());
  }
  if (++context.key_requests > 1) {
    return refuse(context,
                  "authentication failed for " + context.url.display +
                      (ssh ? ": check the user and the ssh key" : ": check the username and password/token"));
  }
  const unsigned int wanted =
      ssh ? GIT_CREDENTIAL_SSH_KEY | GIT_CREDENTIAL_SSH_MEMORY : GIT_CREDENTIAL_USERPASS_PLAINTEXT;
  if ((allowed & wanted) == 0) {
    return refuse(context, "authentication failed for " + context.url.display +
                               (ssh ? ": the server does not accept ssh keys"
                                    : ": the server does not accept basic auth"));
  }
  return ssh ? ssh_key(out, context, username_from_url, allowed) : basic_auth(out, context);
}

int verify_host_key(const git_cert_hostkey& key, TransportContext& context) {
  const StoreUrl& url = context.url;
  const std::string host = ssh_host_name(url);
  if ((key.type & GIT_CERT_SSH_RAW) == 0) {
    return refuse(context, "cannot check the ssh host key of " + host + " for " + url.display);
  }
  const std::string_view blob(key.hostkey, key.hostkey_len);
  const SshAuth no_ssh;
  const SshAuth& ssh = context.credentials.ssh ? *context.credentials.ssh : no_ssh;
  switch (check_host_key(ssh.known_hosts, url.host, url.port, blob)) {
    case HostKeyVerdict::kKnown:
      return 0;
    case HostKeyVerdict::kRevoked:
      return refuse(context, "the ssh host key of " + host + " is revoked in the store's known_hosts for " +
                                 url.display);
    case HostKeyVerdict::kChanged:
      return refuse(context, "the ssh host key of " + host + " does not match the store's known_hosts for " +
                                 url.display + ": refusing to connect");
    case HostKeyVerdict::kUnknown:
      break;
  }
  if (!ssh.strict_host_key_checking) return 0;
  return refuse(context, "unknown ssh host " + host + " for " + url.display + ": its " + key_type_of(blob) +
                             " key is not in the store's known_hosts (strict host key checking is on)");
}

int certificate_check(git_cert* cert, int valid, const char* host, void* payload) {
  TransportContext& context = context_of(payload);
  if (cert->cert_type == GIT_CERT_HOSTKEY_LIBSSH2) {
    return verify_host_key(*reinterpret_cast<const git_cert_hostkey*>(cert), context);
  }
  if (valid != 0 || !context.credentials.tls.verify) return 0;
  const std::string name = host != nullptr ? host : context.url.host;
  return refuse(context,
                "the TLS certificate of " + name + " is not trusted for " + context.url.display +
                    ": configure the CA bundle that signed it, or fix the server's certificate (it must be "
                    "valid for " +
                    name + ")");
}

// The progress callbacks stop the operation at a signal or its deadline (timeout_stream.h records which):
// they run while data moves, also on the ssh transport, whose socket reads bypass ferry's stream.
int stop_code() {
  return operation_must_stop() ? GIT_EUSER : 0;
}

int sideband(const char* text, int length, void* payload) {
  if (length > 0) context_of(payload).remote_output.append(text, static_cast<std::size_t>(length));
  return stop_code();
}

int transfer_progress(const git_indexer_progress*, void*) {
  return stop_code();
}

int push_transfer_progress(unsigned int, unsigned int, std::size_t, void*) {
  return stop_code();
}

int pack_progress(int, std::uint32_t, std::uint32_t, void*) {
  return stop_code();
}

int push_update_reference(const char* ref, const char* status, void* payload) {
  if (status != nullptr) context_of(payload).rejected.push_back(std::string(ref) + ": " + status);
  return 0;
}

}  // namespace

git_remote_callbacks make_callbacks(TransportContext& context) {
  git_remote_callbacks callbacks = GIT_REMOTE_CALLBACKS_INIT;
  callbacks.credentials = credentials;
  callbacks.certificate_check = certificate_check;
  callbacks.sideband_progress = sideband;
  callbacks.push_update_reference = push_update_reference;
  callbacks.transfer_progress = transfer_progress;
  callbacks.push_transfer_progress = push_transfer_progress;
  callbacks.pack_progress = pack_progress;
  callbacks.payload = &context;
  return callbacks;
}

}  // namespace ferry::writer::git

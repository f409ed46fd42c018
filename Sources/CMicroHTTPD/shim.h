#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// libmicrohttpd's daemon start and connection info calls are variadic, which Swift cannot
// call. These typed, non-variadic wrappers are the only way Swift code reaches them.

/// The limits a daemon starts with (see MHD_OPTION_* of the same names).
struct duokb_mhd_limits {
  unsigned int connection_limit;
  unsigned int connection_timeout_seconds;
  size_t connection_memory_limit;
  unsigned int per_ip_connection_limit;
};

/// The callbacks a daemon calls, each with the same context.
struct duokb_mhd_callbacks {
  MHD_AccessHandlerCallback handler;
  MHD_RequestCompletedCallback completed;
  MHD_NotifyConnectionCallback connection;
  /// Called with the request target as received, before its query is parsed; returns the
  /// request's context.
  void *(*target_received)(void *context, const char *uri, struct MHD_Connection *connection);
  void *context;
};

/// Starts a daemon listening on `address` (IPv4 or IPv6), `flags` choosing its threads.
static inline struct MHD_Daemon *duokb_mhd_start(
    unsigned int flags, const struct sockaddr *address, struct duokb_mhd_limits limits,
    struct duokb_mhd_callbacks callbacks) {
  return MHD_start_daemon(
      flags, 0, NULL, NULL, callbacks.handler, callbacks.context,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_CONNECTION_LIMIT, limits.connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, limits.connection_timeout_seconds,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.connection_memory_limit,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_ip_connection_limit,
      MHD_OPTION_NOTIFY_COMPLETED, callbacks.completed, callbacks.context,
      MHD_OPTION_NOTIFY_CONNECTION, callbacks.connection, callbacks.context,
      MHD_OPTION_URI_LOG_CALLBACK, callbacks.target_received, callbacks.context,
      MHD_OPTION_END);
}

/// The port the daemon listens on (0 when it cannot say).
static inline uint16_t duokb_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// The peer's address of a connection, or NULL.
static inline const struct sockaddr *duokb_mhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// The socket of a connection, or -1.
static inline int duokb_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : (int)info->connect_fd;
}

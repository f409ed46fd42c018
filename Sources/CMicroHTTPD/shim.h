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
  unsigned int thread_pool_size;
  size_t connection_memory_limit;
  unsigned int per_ip_connection_limit;
};

/// Starts a daemon listening on `address` (IPv4 or IPv6) with its own thread pool.
static inline struct MHD_Daemon *duokb_mhd_start(
    unsigned int flags, const struct sockaddr *address, struct duokb_mhd_limits limits,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context) {
  return MHD_start_daemon(
      flags, 0, NULL, NULL, handler, handler_context,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_CONNECTION_LIMIT, limits.connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, limits.connection_timeout_seconds,
      MHD_OPTION_THREAD_POOL_SIZE, limits.thread_pool_size,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.connection_memory_limit,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.per_ip_connection_limit,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
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

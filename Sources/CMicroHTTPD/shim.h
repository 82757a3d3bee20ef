#ifndef RUNLOG_CMICROHTTPD_SHIM_H
#define RUNLOG_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The options runlog starts a daemon with (MHD_start_daemon is variadic: Swift cannot call it).
struct runlog_mhd_options {
    unsigned int flags;                 /* MHD_USE_* */
    const struct sockaddr *address;     /* where to listen; its port is the one used */
    unsigned int thread_pool_size;      /* MHD_OPTION_THREAD_POOL_SIZE */
    unsigned int connection_timeout_s;  /* MHD_OPTION_CONNECTION_TIMEOUT (an idle timeout) */
    unsigned int connection_limit;      /* MHD_OPTION_CONNECTION_LIMIT (in all, split among the threads) */
    unsigned int per_ip_connection_limit; /* MHD_OPTION_PER_IP_CONNECTION_LIMIT (from one address) */
    size_t connection_memory_limit;     /* MHD_OPTION_CONNECTION_MEMORY_LIMIT (headers, per connection) */
    MHD_AcceptPolicyCallback accept_policy; /* asked before a connection is made: MHD_NO refuses it */
    void *accept_policy_cls;
    MHD_AccessHandlerCallback handler;
    void *handler_cls;
    MHD_RequestCompletedCallback completed;
    void *completed_cls;
    MHD_NotifyConnectionCallback connection_notified; /* MHD_OPTION_NOTIFY_CONNECTION: opened, closed */
    void *connection_notified_cls;
};

/// Starts a daemon with runlog's options; NULL when it cannot (port taken, bad address, no threads).
static inline struct MHD_Daemon *runlog_mhd_start(const struct runlog_mhd_options *o) {
    return MHD_start_daemon(o->flags, 0, o->accept_policy, o->accept_policy_cls, o->handler, o->handler_cls,
                            MHD_OPTION_SOCK_ADDR, o->address,
                            MHD_OPTION_THREAD_POOL_SIZE, o->thread_pool_size,
                            MHD_OPTION_CONNECTION_TIMEOUT, o->connection_timeout_s,
                            MHD_OPTION_CONNECTION_LIMIT, o->connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, o->per_ip_connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, o->connection_memory_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, o->completed, o->completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, o->connection_notified, o->connection_notified_cls,
                            MHD_OPTION_END);
}

/// The port a daemon listens on (the one the system chose for port 0); 0 when unknown.
static inline uint16_t runlog_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* The socket of a connection (-1 when unknown; MHD_get_connection_info is variadic): a stream's producer
   looks at it for the peer's close, ConnectionTable shuts it down past its deadline or to make room. */
static inline int runlog_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/* The client's address of a connection (NULL when unknown): the fair share of the connection limit,
   and the per-address limits above libmicrohttpd, count by it. */
static inline const struct sockaddr *runlog_mhd_connection_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/* Macros with casts, which Swift cannot import. */
static inline ssize_t runlog_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t runlog_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t runlog_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
#endif

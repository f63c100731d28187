/**
 * The socket's limits. A frame above MAX_PAYLOAD is cut off by `ws` with close
 * code 1009; the largest valid message (2000 characters of 3-byte UTF-8 text plus its fields) is
 * well below it.
 */
export const CHAT_MAX_PAYLOAD_BYTES = 8 * 1024;
/** Five messages at once, then one a second. */
export const CHAT_BURST = 5;
export const CHAT_MESSAGES_PER_SECOND = 1;
/** A socket that keeps sending after this many refusals in a row is closed (1008). */
export const CHAT_MAX_REFUSALS_IN_A_ROW = 20;
/** Presence rows older than this belong to a stopped instance and are not counted. */
export const CHAT_PRESENCE_STALE_MS = 30_000;
export const CHAT_PRESENCE_HEARTBEAT_MS = 10_000;
export const CHAT_PING_INTERVAL_MS = 30_000;
export const CHAT_HISTORY_LIMIT = 200;
export const CHAT_MONITOR_CONVERSATIONS = 100;
export const CHAT_MONITOR_MESSAGES_PER_CONVERSATION = 100;
/** Open sockets one browser session may hold (a few tabs), and one address (an office), per instance. */
export const CHAT_MAX_SOCKETS_PER_SESSION = 5;
export const CHAT_MAX_SOCKETS_PER_IP = 50;
/** Close code for a socket whose session ended (logout, expiry, a role change). */
export const CHAT_SESSION_ENDED_CODE = 4001;

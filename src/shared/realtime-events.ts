/**
 * Typed realtime frames: every frame is `{type, data}`. The server's send and the client's handlers
 * both use this map, so a payload cannot drift between them.
 */

export interface ServerEvents {
  connection_established: { userId: number };
  pong: { timestamp: number } | undefined;
  new_message: { quoteId: number; companyId: number; messageId: number; senderType: 'user' | 'company' | 'system' };
  message_read: { quoteId: number; companyId: number; readerType: 'user' | 'company' };
  unread_count_update: { count: number };
  coin_balance_update: { newBalance: number };
  /** A company's offer on a request was made, revised or withdrawn (both sides of the conversation). */
  offer_update: { quoteId: number; companyId: number; offerId: number | null };
  /** A moderator hid, showed again or removed a message (both sides of its conversation fetch it again). */
  message_moderated: { quoteId: number; companyId: number; messageId: number };
  /** The customer hired a company or closed the request (the customer and every company's owner). */
  quote_outcome: { quoteId: number; outcome: 'hired' | 'closed'; companyId: number | null };
}

export type ServerEventType = keyof ServerEvents;
export type ServerFrame = { [K in ServerEventType]: { type: K; data: ServerEvents[K] } }[ServerEventType];

/**
 * The close code of a socket whose session ended (logout, a password reset, expiry): the client
 * then asks who is signed in instead of reconnecting.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * What a client may send. Only the type lives here: the server parses frames with its own schema
 * (modules/realtime/realtime.routes.ts), so that the browser's first script does not carry zod.
 */
export type ClientFrame = { type: 'ping'; data?: unknown };

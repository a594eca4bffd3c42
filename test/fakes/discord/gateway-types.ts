/** The fake gateway's records and sessions: what tests read (ops, session info) and what a socket carries. */
import type { RawData, WebSocket } from 'ws';
import type { FakeState } from './state.js';

export interface GatewayOptions {
  state: FakeState;
  botToken: string;
  applicationId: string;
  applicationFlags: number;
  heartbeatIntervalMs: number;
  /** GUILD_CREATE events sent per event-loop turn after READY. */
  guildChunkSize: number;
  /** Dispatches remembered per session for RESUME; older ones are dropped (a RESUME before them is refused). */
  historyLimit: number;
  /** ws://127.0.0.1:PORT (READY's resume_gateway_url). */
  url: () => string;
}

/** An op the client sent (heartbeats included). */
export interface GatewayOpRecord {
  op: number;
  sessionId: string | null;
  shard: [number, number] | null;
  at: number;
}

export interface GatewaySessionInfo {
  sessionId: string;
  shard: [number, number];
  intents: number;
  seq: number;
  connected: boolean;
  /** READY and every initial GUILD_CREATE have been sent. */
  ready: boolean;
}

export type GatewayEvent = 'identify' | 'ready' | 'resume' | 'resumed' | 'close';

/** What RESUME needs: the session outlives its socket. */
export interface Session {
  id: string;
  shard: [number, number];
  intents: number;
  seq: number;
  history: Array<{ s: number; raw: string }>;
  socket: WebSocket | null;
  ready: boolean;
}

export interface Connection {
  socket: WebSocket;
  session: Session | null;
}

/** A ws frame as text, whatever buffer shape ws delivered it in. */
export function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

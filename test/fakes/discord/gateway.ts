/** The fake gateway: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, RESUME with replay, op 7/9. */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GatewayCloseCodes, GatewayOpcodes } from 'discord-api-types/v10';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type {
  Connection,
  GatewayEvent,
  GatewayOpRecord,
  GatewayOptions,
  GatewaySessionInfo,
  Session,
} from './gateway-types.js';
import { rawToString } from './gateway-types.js';
import { shardOf } from './snowflake.js';
import type { FakeGuild } from './state.js';

export type { GatewayEvent, GatewayOpRecord, GatewayOptions, GatewaySessionInfo } from './gateway-types.js';

export class FakeGateway {
  readonly ops: GatewayOpRecord[] = [];
  readonly events = new EventEmitter();
  readonly #wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  readonly #sessions = new Map<string, Session>();
  readonly #connections = new Set<Connection>();
  #sessionCounter = 0;
  #closed = false;

  constructor(readonly options: GatewayOptions) {
    this.events.setMaxListeners(0);
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.#closed) {
      socket.destroy();
      return;
    }
    this.#wss.handleUpgrade(request, socket, head, (ws) => this.#onConnection(ws));
  }

  sessions(): GatewaySessionInfo[] {
    return [...this.#sessions.values()].map((session) => ({
      sessionId: session.id,
      shard: session.shard,
      intents: session.intents,
      seq: session.seq,
      connected: session.socket?.readyState === WebSocket.OPEN,
      ready: session.ready,
    }));
  }

  /** Resolves on the next `event` (optionally for a shard) or rejects after timeoutMs. */
  waitFor(
    event: GatewayEvent,
    opts: { shardId?: number; timeoutMs?: number } = {},
  ): Promise<GatewaySessionInfo> {
    const timeoutMs = opts.timeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off(event, listener);
        reject(new Error(`fake gateway: no '${event}' within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (info: GatewaySessionInfo): void => {
        if (opts.shardId !== undefined && info.shard[0] !== opts.shardId) return;
        clearTimeout(timer);
        this.events.off(event, listener);
        resolve(info);
      };
      this.events.on(event, listener);
    });
  }

  /** Sends a dispatch to every session (or those matching `filter`); returns how many sessions got it. */
  dispatch(t: string, d: unknown, filter: (info: GatewaySessionInfo) => boolean = () => true): number {
    let count = 0;
    for (const session of this.#sessions.values()) {
      if (!filter(this.#info(session))) continue;
      this.#dispatch(session, t, d);
      count++;
    }
    return count;
  }

  /**
   * Sends a dispatch to the one session that owns the guild (shard 0 for DMs): the newest connected one,
   * or the newest disconnected one (the event is then replayed on RESUME). Returns false if none.
   */
  dispatchToGuild(guildId: string | null, t: string, d: unknown): boolean {
    const candidates = [...this.#sessions.values()].filter((session) =>
      guildId ? shardOf(guildId, session.shard[1]) === session.shard[0] : session.shard[0] === 0,
    );
    const target =
      candidates.reverse().find((session) => session.socket?.readyState === WebSocket.OPEN) ?? candidates[0];
    if (!target) return false;
    this.#dispatch(target, t, d);
    return true;
  }

  /** GUILD_CREATE to the sessions whose shard owns each guild. */
  announceGuilds(guilds: FakeGuild[]): void {
    for (const guild of guilds) {
      this.dispatch('GUILD_CREATE', this.options.state.guildCreatePayload(guild), (info) =>
        this.#owns(info.shard, guild.id),
      );
    }
  }

  /** op 7 RECONNECT to connected sessions (optionally one shard). Returns how many. */
  reconnect(shardId?: number): number {
    return this.#forConnected(shardId, (_session, socket) => {
      socket.send(JSON.stringify({ op: GatewayOpcodes.Reconnect, d: null }));
    });
  }

  /** op 9 INVALID_SESSION; when not resumable the session is forgotten so the client must IDENTIFY again. */
  invalidateSession(shardId?: number, resumable = false): number {
    return this.#forConnected(shardId, (session, socket) => {
      if (!resumable) this.#sessions.delete(session.id);
      socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: resumable }));
    });
  }

  /** Terminates sockets abruptly (close code 1006 on the client): the session stays resumable. */
  dropConnection(shardId?: number): number {
    return this.#forConnected(shardId, (_session, socket) => socket.terminate());
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const connection of this.#connections) connection.socket.terminate();
    this.#connections.clear();
    for (const session of this.#sessions.values()) session.socket = null;
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #forConnected(shardId: number | undefined, action: (session: Session, socket: WebSocket) => void): number {
    let count = 0;
    for (const session of [...this.#sessions.values()]) {
      const socket = session.socket;
      if (!socket || socket.readyState !== WebSocket.OPEN) continue;
      if (shardId !== undefined && session.shard[0] !== shardId) continue;
      action(session, socket);
      count++;
    }
    return count;
  }

  #owns(shard: [number, number], guildId: string): boolean {
    return shardOf(guildId, shard[1]) === shard[0];
  }

  #info(session: Session): GatewaySessionInfo {
    return {
      sessionId: session.id,
      shard: session.shard,
      intents: session.intents,
      seq: session.seq,
      connected: session.socket?.readyState === WebSocket.OPEN,
      ready: session.ready,
    };
  }

  #dispatch(session: Session, t: string, d: unknown): void {
    session.seq += 1;
    const raw = JSON.stringify({ op: GatewayOpcodes.Dispatch, t, s: session.seq, d });
    session.history.push({ s: session.seq, raw });
    if (session.history.length > this.options.historyLimit) session.history.shift();
    const socket = session.socket;
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(raw);
  }

  #onConnection(socket: WebSocket): void {
    const connection: Connection = { socket, session: null };
    this.#connections.add(connection);
    socket.on('message', (data) => this.#onMessage(connection, data));
    socket.on('close', (code) => {
      this.#connections.delete(connection);
      const session = connection.session;
      if (session && session.socket === socket) {
        session.socket = null;
        // like Discord: a client closing with 1000/1001 ends its session (no RESUME possible)
        if (code === 1000 || code === 1001) this.#sessions.delete(session.id);
        this.events.emit('close', this.#info(session));
      }
    });
    socket.on('error', () => {
      /* the client went away; nothing to do */
    });
    socket.send(
      JSON.stringify({
        op: GatewayOpcodes.Hello,
        d: { heartbeat_interval: this.options.heartbeatIntervalMs },
      }),
    );
  }

  #onMessage(connection: Connection, data: RawData): void {
    let payload: { op?: unknown; d?: unknown };
    try {
      payload = JSON.parse(rawToString(data)) as { op?: unknown; d?: unknown };
    } catch {
      connection.socket.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
      return;
    }
    const op = typeof payload.op === 'number' ? payload.op : -1;
    this.ops.push({
      op,
      sessionId: connection.session?.id ?? null,
      shard: connection.session?.shard ?? null,
      at: Date.now(),
    });
    const d = (typeof payload.d === 'object' && payload.d !== null ? payload.d : {}) as Record<
      string,
      unknown
    >;
    switch (op) {
      case GatewayOpcodes.Heartbeat:
        connection.socket.send(JSON.stringify({ op: GatewayOpcodes.HeartbeatAck }));
        return;
      case GatewayOpcodes.Identify:
        this.#identify(connection, d);
        return;
      case GatewayOpcodes.Resume:
        this.#resume(connection, d);
        return;
      case GatewayOpcodes.RequestGuildMembers:
        this.#requestGuildMembers(connection, d);
        return;
      default:
        // presence / voice state updates and anything else are accepted silently
        return;
    }
  }

  #tokenOk(token: unknown): boolean {
    return token === this.options.botToken || token === `Bot ${this.options.botToken}`;
  }

  #identify(connection: Connection, d: Record<string, unknown>): void {
    if (!this.#tokenOk(d.token)) {
      connection.socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    if (connection.session) {
      connection.socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
      return;
    }
    const rawShard = Array.isArray(d.shard) ? d.shard : [0, 1];
    const shard: [number, number] = [Number(rawShard[0] ?? 0), Number(rawShard[1] ?? 1)];
    if (
      !Number.isInteger(shard[0]) ||
      !Number.isInteger(shard[1]) ||
      shard[1] < 1 ||
      shard[0] < 0 ||
      shard[0] >= shard[1]
    ) {
      connection.socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
      return;
    }
    this.#sessionCounter += 1;
    const session: Session = {
      id: `fake-session-${this.#sessionCounter}-${Math.random().toString(36).slice(2, 10)}`,
      shard,
      intents: typeof d.intents === 'number' ? d.intents : 0,
      seq: 0,
      history: [],
      socket: connection.socket,
      ready: false,
    };
    this.#sessions.set(session.id, session);
    connection.session = session;
    this.events.emit('identify', this.#info(session));

    const guilds = [...this.options.state.guilds.values()].filter((guild) => this.#owns(shard, guild.id));
    this.#dispatch(session, 'READY', {
      v: 10,
      user: { ...this.options.state.botUser, verified: true, mfa_enabled: false, flags: 0 },
      user_settings: {},
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_type: 'normal',
      session_id: session.id,
      resume_gateway_url: this.options.url(),
      shard,
      application: { id: this.options.applicationId, flags: this.options.applicationFlags },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
    });
    this.#sendGuildsInChunks(session, guilds, 0);
  }

  #sendGuildsInChunks(session: Session, guilds: FakeGuild[], from: number): void {
    if (this.#closed || !this.#sessions.has(session.id)) return;
    const end = Math.min(guilds.length, from + this.options.guildChunkSize);
    for (let i = from; i < end; i++) {
      const guild = guilds[i];
      if (guild && this.options.state.guilds.has(guild.id)) {
        this.#dispatch(session, 'GUILD_CREATE', this.options.state.guildCreatePayload(guild));
      } else if (guild) {
        this.#dispatch(session, 'GUILD_DELETE', { id: guild.id, unavailable: false });
      }
    }
    if (end < guilds.length) {
      setImmediate(() => this.#sendGuildsInChunks(session, guilds, end));
      return;
    }
    session.ready = true;
    this.events.emit('ready', this.#info(session));
  }

  #resume(connection: Connection, d: Record<string, unknown>): void {
    const session = typeof d.session_id === 'string' ? this.#sessions.get(d.session_id) : undefined;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    const oldest = session?.history[0]?.s ?? 1;
    if (!session || !this.#tokenOk(d.token) || seq + 1 < oldest || seq > session.seq) {
      connection.socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
      return;
    }
    const previous = session.socket;
    if (previous && previous !== connection.socket) previous.terminate();
    session.socket = connection.socket;
    connection.session = session;
    this.events.emit('resume', this.#info(session));
    for (const event of session.history) {
      if (event.s > seq) connection.socket.send(event.raw);
    }
    this.#dispatch(session, 'RESUMED', {});
    this.events.emit('resumed', this.#info(session));
  }

  #requestGuildMembers(connection: Connection, d: Record<string, unknown>): void {
    const session = connection.session;
    if (!session) return;
    const guildIds = Array.isArray(d.guild_id) ? d.guild_id : [d.guild_id];
    const wanted = Array.isArray(d.user_ids)
      ? d.user_ids.map(String)
      : d.user_ids
        ? [String(d.user_ids)]
        : null;
    for (const guildId of guildIds) {
      const guild = typeof guildId === 'string' ? this.options.state.guilds.get(guildId) : undefined;
      if (!guild) continue;
      const bot = this.options.state.botMember(guild);
      const include = wanted === null || wanted.includes(bot.user.id);
      this.#dispatch(session, 'GUILD_MEMBERS_CHUNK', {
        guild_id: guild.id,
        members: include ? [bot] : [],
        chunk_index: 0,
        chunk_count: 1,
        not_found: wanted ? wanted.filter((id) => id !== bot.user.id) : [],
        ...(typeof d.nonce === 'string' ? { nonce: d.nonce } : {}),
      });
    }
  }
}

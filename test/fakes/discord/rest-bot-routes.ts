/** Bot-token routes about who and where: users, the application and its commands, guilds. */
import type { RestOutcome } from './interaction-result.js';
import { error, notFound, type RestDeps, type RestRequest } from './rest-common.js';
import { scheduledEventRoutes } from './rest-event-routes.js';

export function users(deps: RestDeps, request: RestRequest): RestOutcome {
  const { method, segments: s } = request;
  if (s[1] === '@me' && s.length === 2 && method === 'GET') {
    return { status: 200, body: { ...deps.state.botUser, verified: true, mfa_enabled: false, flags: 0 } };
  }
  if (s[1] === '@me' && s[2] === 'channels' && s.length === 3 && method === 'POST') {
    const recipientId = String(request.body.recipient_id ?? '');
    if (!recipientId) return error(400, 'Invalid Form Body', 50035);
    const channel = deps.state.dmChannel({
      id: recipientId,
      username: `user-${recipientId}`,
      discriminator: '0',
      global_name: null,
      avatar: null,
    });
    return { status: 200, body: deps.state.channelPayload(channel) };
  }
  if (s.length === 2 && method === 'GET' && s[1]) {
    return {
      status: 200,
      body: { id: s[1], username: `user-${s[1]}`, discriminator: '0', global_name: null, avatar: null },
    };
  }
  return notFound(request);
}

export function applications(deps: RestDeps, request: RestRequest): RestOutcome {
  const { method, segments: s } = request;
  const state = deps.state;
  if (s[1] === '@me' && s.length === 2 && method === 'GET') {
    return {
      status: 200,
      body: {
        id: deps.applicationId,
        name: state.botUser.username,
        icon: null,
        description: '',
        bot_public: true,
        bot_require_code_grant: false,
        flags: 0,
        bot: state.botUser,
        owner: {
          id: '100000000000000001',
          username: 'owner',
          discriminator: '0',
          global_name: null,
          avatar: null,
        },
        verify_key: 'fake',
        team: null,
      },
    };
  }
  if (s[1] !== deps.applicationId) return error(403, 'Missing Access', 50001);
  let guildId: string | undefined;
  let rest = s.slice(2);
  if (rest[0] === 'guilds') {
    guildId = rest[1];
    if (!guildId || !state.guilds.has(guildId)) return error(404, 'Unknown Guild', 10004);
    rest = rest.slice(2);
  }
  if (rest[0] !== 'commands') return notFound(request);
  const list = () => (guildId ? (state.guildCommands.get(guildId) ?? []) : state.globalCommands);
  if (rest.length === 1) {
    if (method === 'GET') return { status: 200, body: list() };
    if (method === 'PUT') {
      const body = request.body as unknown;
      if (!Array.isArray(body)) return error(400, 'Invalid Form Body', 50035);
      return { status: 200, body: state.registerCommands(body, guildId) };
    }
    if (method === 'POST') return { status: 201, body: state.upsertCommand(request.body, guildId) };
  }
  if (rest.length === 2 && rest[1]) {
    const current = list();
    const index = current.findIndex((c) => c.id === rest[1]);
    if (index < 0) return error(404, 'Unknown application command', 10063);
    if (method === 'GET') return { status: 200, body: current[index] };
    if (method === 'DELETE') {
      current.splice(index, 1);
      return { status: 204 };
    }
  }
  return notFound(request);
}

export function guilds(deps: RestDeps, request: RestRequest): RestOutcome {
  const { method, segments: s } = request;
  const state = deps.state;
  const guild = state.guilds.get(s[1] ?? '');
  if (!guild) return error(404, 'Unknown Guild', 10004);
  if (s[2] === 'scheduled-events') return scheduledEventRoutes(deps, request, guild);
  if (method !== 'GET') return notFound(request);
  if (s.length === 2) return { status: 200, body: state.guildPayload(guild) };
  if (s.length === 3 && s[2] === 'channels') {
    return { status: 200, body: guild.channels.map((c) => state.channelPayload(c)) };
  }
  if (s.length === 3 && s[2] === 'roles') return { status: 200, body: guild.roles };
  if (s.length === 4 && s[2] === 'members') {
    const member = state.member(guild, s[3] ?? '');
    return member ? { status: 200, body: member } : error(404, 'Unknown Member', 10007);
  }
  return notFound(request);
}

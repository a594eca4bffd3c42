/**
 * The login starts before the rest of the start-up (src/app/gateway-connection.ts): events Discord sends
 * before the start has wired their handlers wait for them, in order, and none is lost.
 */
import { EventEmitter } from 'node:events';
import { type Client, Events, type Interaction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { connectGateway, type GatewayPacket } from '#src/app/gateway-connection.js';
import { createLogger } from '#src/logger.js';

class FakeClient extends EventEmitter {
  logins: string[] = [];
  destroyed = 0;
  async login(token: string): Promise<string> {
    this.logins.push(token);
    return token;
  }
  async destroy(): Promise<void> {
    this.destroyed += 1;
  }
}

const asClient = (fake: FakeClient) => fake as unknown as Client;
const interaction = (id: string) => ({ id }) as unknown as Interaction;

describe('connectGateway', () => {
  it('logs in at once and resolves ready at READY', async () => {
    const fake = new FakeClient();
    const gateway = connectGateway(asClient(fake), 'token', createLogger('silent'));
    expect(fake.logins).toEqual(['token']);
    let ready = false;
    void gateway.ready.then(() => {
      ready = true;
    });
    await Promise.resolve();
    expect(ready).toBe(false);
    fake.emit(Events.ClientReady, fake);
    await gateway.ready;
    expect(ready).toBe(true);
  });

  it('holds the events that come before the handlers, then hands them over in order', async () => {
    const fake = new FakeClient();
    const gateway = connectGateway(asClient(fake), 'token', createLogger('silent'));
    fake.emit(Events.ClientReady, fake);
    fake.emit(Events.InteractionCreate, interaction('1'));
    fake.emit(Events.GuildDelete, { id: 'g1' });
    fake.emit(Events.Raw, { t: 'GUILD_ROLE_UPDATE', d: { guild_id: 'g2' } });
    fake.emit(Events.InteractionCreate, interaction('2'));
    const seen: string[] = [];
    gateway.wire({
      interaction: (i) => seen.push(`interaction ${i.id}`),
      guildDelete: (guildId) => seen.push(`guildDelete ${guildId}`),
      packet: (packet: GatewayPacket) => seen.push(`packet ${packet.t}`),
    });
    fake.emit(Events.InteractionCreate, interaction('3'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([
      'interaction 1',
      'guildDelete g1',
      'packet GUILD_ROLE_UPDATE',
      'interaction 2',
      'interaction 3',
    ]);
  });

  it('rejects ready when the login is refused, and destroys the client once', async () => {
    const fake = new FakeClient();
    fake.login = async () => {
      throw new Error('An invalid token was provided.');
    };
    const gateway = connectGateway(asClient(fake), 'bad', createLogger('silent'));
    await expect(gateway.ready).rejects.toThrow('invalid token');
    await Promise.all([gateway.close(), gateway.close()]);
    expect(fake.destroyed).toBe(1);
  });
});

import { Writable } from 'node:stream';
import { DiscordAPIError, HTTPError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createLogger, redactSecrets } from '#src/logger.js';

const INTERACTION_TOKEN = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQtdG9rZW4tdmFsdWU';
const CALLBACK_URL = `https://discord.com/api/v10/interactions/1234567890/${INTERACTION_TOKEN}/callback`;
const WEBHOOK_URL = `https://discord.com/api/v10/webhooks/900000000000000001/${INTERACTION_TOKEN}/messages/@original`;

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('debug', stream), text: () => lines.join('') };
}

describe('logger: no token in a logged URL or error', () => {
  it('redacts interaction and webhook tokens, OAuth query parameters and credentials in text', () => {
    expect(redactSecrets(CALLBACK_URL)).toBe(
      'https://discord.com/api/v10/interactions/1234567890/[redacted]/callback',
    );
    expect(redactSecrets(WEBHOOK_URL)).toBe(
      'https://discord.com/api/v10/webhooks/900000000000000001/[redacted]/messages/@original',
    );
    expect(redactSecrets('/oauth/callback?code=abc123&state=xyz789')).toBe(
      '/oauth/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactSecrets('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('Bot MTIz.NDU2.Nzg5')).toBe('Bot [redacted]');
    expect(redactSecrets('/channels/123/messages')).toBe('/channels/123/messages');
  });

  it('logs a DiscordAPIError without the token in its url or its request body', () => {
    const { logger, text } = capture();
    const error = new DiscordAPIError(
      { code: 10062, message: 'Unknown interaction' },
      10062,
      404,
      'POST',
      CALLBACK_URL,
      { body: { type: 4, data: { content: 'a private reply' } } },
    );
    logger.warn({ err: error, interaction: '1234567890' }, 'could not answer an interaction');
    logger.error({ error, url: WEBHOOK_URL, nested: { errors: [error] } }, 'other shapes');
    const output = text();
    expect(output).not.toContain(INTERACTION_TOKEN);
    expect(output).not.toContain('a private reply');
    const first = JSON.parse(output.split('\n')[0] ?? '{}');
    // Still useful: what failed and where (without the token).
    expect(first.err).toMatchObject({
      type: 'DiscordAPIError',
      status: 404,
      code: 10062,
      method: 'POST',
      url: 'https://discord.com/api/v10/interactions/1234567890/[redacted]/callback',
      requestBody: '[redacted]',
    });
  });

  it('logs an HTTPError and an error passed as the only argument without the token', () => {
    const { logger, text } = capture();
    const error = new HTTPError(500, 'Internal Server Error', 'PATCH', WEBHOOK_URL, {
      body: { content: 'x' },
    });
    logger.error(error);
    logger.info({ err: new Error(`request to ${CALLBACK_URL} failed`) }, 'wrapped');
    expect(text()).not.toContain(INTERACTION_TOKEN);
    expect(text()).toContain('/webhooks/900000000000000001/[redacted]');
  });
});

/**
 * Every response body transcribed from the service's public sources parses with its operation's
 * schema, item by item (nothing skipped), and the error bodies map to their typed errors.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  InvalidParams,
  NotFound,
  OPERATIONS,
  type OperationName,
  STAFF_ROLES,
  staffRoleOf,
  tokenInfoSchema,
} from '#src/service/index.js';
import { errorFromResponse } from '#src/service/wire/http.js';
import { loadServiceFixtures, serviceFixture } from '../../fixtures/service-fixtures.js';

function schemaOf(operation: string): z.ZodType<unknown> {
  if (operation === 'token_info') return tokenInfoSchema;
  const spec = OPERATIONS[operation as OperationName];
  if (spec?.response.kind !== 'json') throw new Error(`no JSON schema for ${operation}`);
  return spec.response.schema as z.ZodType<unknown>;
}

function parse(file: string): Record<string, unknown> {
  const fixture = serviceFixture(file);
  return schemaOf(fixture.operation).parse(fixture.body) as Record<string, unknown>;
}

const fixtures = loadServiceFixtures();

describe('fixtures from the service’s own sources', () => {
  it('are there, each with its source', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
    const repositories = new Set(fixtures.map((f) => f.source.repository));
    expect([...repositories].sort()).toEqual([
      'annict/annict',
      'annict/annict-docs',
      'doorkeeper-gem/doorkeeper',
    ]);
  });

  for (const fixture of fixtures.filter((f) => f.status === 200)) {
    it(`${fixture.file} parses as ${fixture.operation}, every item kept`, () => {
      const result = schemaOf(fixture.operation).safeParse(fixture.body);
      expect(result.error?.issues ?? []).toEqual([]);
      expect((result.data as { skipped?: unknown }).skipped).toBeUndefined();
      const items = (result.data as { items?: unknown[] }).items;
      if (items) expect(items.length).toBeGreaterThan(0);
    });
  }

  it('2017 episode numbers are strings: read as numbers, number_text kept', () => {
    const page = parse('following-activities.docs-2017.json') as { items: Array<Record<string, unknown>> };
    expect(page.items[0]?.episode).toMatchObject({ number: 6, number_text: '#6' });
    expect(page.items[0]?.record).toMatchObject({ rating: null });
  });

  it('today’s records carry rating_state beside the deprecated rating', () => {
    const records = parse('records.spec.json') as { items: Array<Record<string, unknown>> };
    expect(records.items[0]).toMatchObject({ rating: 3, rating_state: null, comment: 'おもしろかった' });
    expect(parse('create-record.spec.json')).toMatchObject({ rating: 4.5, rating_state: 'great' });
    const episodes = parse('episodes.spec.json') as { items: Array<Record<string, unknown>> };
    expect(episodes.items[0]).toMatchObject({ number: null, number_text: '第1話' });
  });

  it('reviews and the other actions parse as themselves, not as unknown actions', () => {
    const page = parse('following-activities.views.json') as { items: Array<Record<string, unknown>> };
    expect(page.items.map((a) => a.action)).toEqual([
      'create_review',
      'create_status',
      'create_multiple_records',
    ]);
    expect(page.items[0]?.review).toMatchObject({
      rating_overall_state: 'great',
      rating_music_state: 'good',
    });
    const reviews = parse('reviews.docs-2017.json') as { items: Array<Record<string, unknown>> };
    expect(reviews.items[0]).toMatchObject({ rating_overall_state: 'great', body: 'みんなかわいい' });
  });

  it('reviews as written and edited (2017 captures) parse with the five states', () => {
    expect(parse('create-review.docs-2017.json')).toMatchObject({
      id: 595,
      title: '',
      rating_overall_state: 'great',
      rating_character_state: 'great',
      modified_at: null,
      work: { id: 3994 },
    });
    expect(parse('edit-review.docs-2017.json')).toMatchObject({
      body: 'みんなかわいい！！',
      impressions_count: 1,
    });
  });

  it('casts carry the character and the person; staffs the role as Japanese text, which names a known role', () => {
    const casts = parse('casts.spec.json') as { items: Array<Record<string, unknown>> };
    expect(casts.items[0]).toMatchObject({
      name: '山田1郎',
      character: { name: '山田1郎', name_en: 'Yamada, 1rou' },
      person: { name_en: 'Yamada, 1rou', casts_count: 1 },
    });
    const staffs = parse('staffs.spec.json') as { items: Array<Record<string, unknown>> };
    expect(staffs.items[0]).toMatchObject({
      role_text: '原作',
      role_other: 'role_other_data',
      person: { id: 1 },
    });
    expect(staffRoleOf(staffs.items[0]?.role_text as string)).toBe('original_creator');
    // Both of the service's languages name a role; anything else is not guessed at.
    expect(staffRoleOf('アニメーション制作')).toBe('studio');
    expect(staffRoleOf('Character Design')).toBe('character_design');
    expect(staffRoleOf(' 監督 ')).toBe('director');
    expect(staffRoleOf('色彩設計')).toBeUndefined();
    expect(staffRoleOf(null)).toBeUndefined();
    expect(new Set(STAFF_ROLES).size).toBe(14);
  });

  it('token info: Doorkeeper 5.6’s scope/expires_in and the older scopes/expires_in_seconds', () => {
    expect(parse('token-info.doorkeeper-5.6.9.json')).toMatchObject({
      scope: ['read', 'write'],
      expires_in: null,
    });
    expect(parse('token-info.docs-2016.json')).toMatchObject({ scope: ['read', 'write'], expires_in: null });
    expect(parse('token-info.personal.json')).toMatchObject({ scope: ['read'], application: { uid: null } });
  });

  it('error bodies map to typed errors with the service’s own messages', () => {
    const asResponse = (file: string) => {
      const fixture = serviceFixture(file);
      return errorFromResponse(fixture.operation, {
        status: fixture.status,
        headers: {},
        body: JSON.stringify(fixture.body),
      });
    };
    const invalid = asResponse('error.record-invalid.spec.json');
    expect(invalid).toBeInstanceOf(InvalidParams);
    expect((invalid as InvalidParams).messages).toEqual(['感想は1048596文字以内で入力してください']);
    expect(asResponse('error.invalid-params.json')).toBeInstanceOf(InvalidParams);
    expect(asResponse('error.unknown-route.json')).toBeInstanceOf(NotFound);
  });
});

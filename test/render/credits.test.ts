/** Cast and staff lines: names in the reader's language, roles as the service names them, any text fitting. */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { castLine, staffLine, staffRoleText } from '#src/render/credits.js';
import { isWellFormed } from '#src/render/fit.js';
import { LIMITS, lines } from '#src/render/format.js';
import type { Cast, Staff } from '#src/service/index.js';

const en = createTranslator('en');
const ja = createTranslator('ja');

const cast = (over: Partial<Cast> = {}): Cast => ({
  id: 1,
  name: '星野あかり',
  name_en: 'Akari Hoshino',
  character: { name: '空野ひなた', name_en: 'Hinata Sorano' },
  ...over,
});
const staff = (over: Partial<Staff> = {}): Staff => ({
  id: 2,
  name: '山田太郎',
  name_en: 'Taro Yamada',
  role_text: '監督',
  ...over,
});

describe('cast and staff lines', () => {
  it('name the character and the actor as credited, in the reader’s language', () => {
    expect(castLine(cast(), en)).toBe('Hinata Sorano — Akari Hoshino');
    expect(castLine(cast(), ja)).toBe('空野ひなた — 星野あかり');
    // No English name: the service's own.
    expect(castLine(cast({ name_en: '', character: { name: 'ルミナ' } }), en)).toBe('ルミナ — 星野あかり');
  });

  it('name roles in the reader’s language, whichever language the service sent; other roles in their own words', () => {
    expect(staffLine(staff(), en)).toBe('**Director**: Taro Yamada');
    expect(staffLine(staff({ role_text: 'Director' }), ja)).toBe('**監督**: 山田太郎');
    expect(
      staffRoleText(
        staff({ role_text: 'その他', role_other: '色彩設計', role_other_en: 'Color Design' }),
        en,
      ),
    ).toBe('Color Design');
    expect(staffRoleText(staff({ role_text: '3DCG監督' }), en)).toBe('3DCG監督');
    // A studio is credited as an organization.
    expect(
      staffLine(
        staff({
          name: null,
          name_en: null,
          role_text: 'アニメーション制作',
          organization: { name: 'スタジオ青空', name_en: 'Studio Aozora' },
        }),
        en,
      ),
    ).toBe('**Studio**: Studio Aozora');
  });

  it('leave out a credit naming no one, and keep markdown and mentions inert', () => {
    expect(staffLine(staff({ name: null, name_en: null }), en)).toBeUndefined();
    expect(castLine({ id: 3 }, en)).toBeUndefined();
    const line = castLine(cast({ name_en: '**@everyone**', character: { name_en: '<@123>' } }), en) ?? '';
    expect(line).not.toContain('**@everyone**');
    expect(line).not.toMatch(/(^|[^\\])<@123>/);
  });

  it('a page of very long names with emoji fits one embed field', () => {
    const long = cast({ name_en: '🎤'.repeat(400), character: { name_en: '🌸'.repeat(400) } });
    const value = lines(
      Array.from({ length: 25 }, () => castLine(long, en) ?? ''),
      { limit: LIMITS.fieldValue },
    );
    expect(value.length).toBeLessThanOrEqual(LIMITS.fieldValue);
    expect(isWellFormed(value)).toBe(true);
  });
});

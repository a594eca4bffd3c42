/**
 * Staff roles. `GET /v1/staffs` sends a role only as `role_text`, the role's name in the locale of
 * the request, which is the service's default, Japanese (監督), never the role's key. The keys and
 * both names are the service's own (`Staff.role` in rails/app/models/staff.rb, its names in
 * rails/config/locales/enumerize.{ja,en}.yml), so a reader's language can name a role however the
 * service wrote it.
 */

export const STAFF_ROLES = [
  'original_creator',
  'chief_director',
  'director',
  'series_composition',
  'script',
  'original_character_design',
  'character_design',
  'chief_animation_director',
  'animation_director',
  'art_director',
  'sound_director',
  'music',
  'studio',
  'other',
] as const;
/** A staff role's key, in the service's own order (the order its pages list them). */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The names the service gives each role, as `role_text` carries them. */
const ROLE_NAMES: Readonly<Record<StaffRole, readonly [ja: string, en: string]>> = {
  original_creator: ['原作', 'Original Creator'],
  chief_director: ['総監督', 'Chief Director'],
  director: ['監督', 'Director'],
  series_composition: ['シリーズ構成', 'Series Composition'],
  script: ['脚本', 'Script'],
  original_character_design: ['キャラクター原案', 'Original Character Design'],
  character_design: ['キャラクターデザイン', 'Character Design'],
  chief_animation_director: ['総作画監督', 'Chief Animation Director'],
  animation_director: ['作画監督', 'Animation Director'],
  art_director: ['美術監督', 'Art Director'],
  sound_director: ['音響監督', 'Sound Director'],
  music: ['音楽', 'Music'],
  studio: ['アニメーション制作', 'Studio'],
  other: ['その他', 'Other'],
};

const BY_NAME = new Map<string, StaffRole>(
  STAFF_ROLES.flatMap((role) => ROLE_NAMES[role].map((name) => [name, role] as const)),
);

/**
 * The role a `role_text` names (in either of the service's languages), or undefined for a name the
 * service did not use when this list was taken (show the text as sent). `other` comes with
 * `role_other` / `role_other_en`, the role in the staff member's own words.
 */
export function staffRoleOf(roleText: string | null | undefined): StaffRole | undefined {
  return BY_NAME.get((roleText ?? '').trim());
}

/** The service's own name of a role in a reader's language (`ja` or `en`), as its pages show it. */
export function staffRoleName(role: StaffRole, language: 'ja' | 'en'): string {
  const [ja, en] = ROLE_NAMES[role];
  return language === 'ja' ? ja : en;
}

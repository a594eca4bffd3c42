/**
 * A work's cast and staff as a reader reads them: English readers get the English names the service
 * has (a character's, a person's as credited, a studio's) and roles in the service's English words;
 * Japanese readers the service's own. Every name is plain text (no markdown, no mentions).
 */
import type { Translator } from '../i18n/translator.js';
import { type Cast, type Staff, staffRoleName, staffRoleOf } from '../service/index.js';
import { plain } from './format.js';

/** The name in the reader's language: the English one for English readers when there is one. */
function named(t: Translator, name: string | null | undefined, nameEn: string | null | undefined): string {
  const english = t.locale === 'en' ? nameEn?.trim() : undefined;
  return plain(english || name?.trim() || '?');
}

/** "Character — Actor", the actor as credited (the name used then), or undefined with no one named. */
export function castLine(cast: Cast, t: Translator): string | undefined {
  const actor = named(t, cast.name ?? cast.person?.name, cast.name_en ?? cast.person?.name_en);
  const character = cast.character ? named(t, cast.character.name, cast.character.name_en) : undefined;
  if (!character && actor === '?') return undefined;
  return `${character ?? '?'} — ${actor}`;
}

/** The role as the reader's language names it; a role outside the service's list as it was sent. */
export function staffRoleText(staff: Staff, t: Translator): string {
  const role = staffRoleOf(staff.role_text);
  if (role === 'other' || role === undefined) {
    const own = named(t, staff.role_other, staff.role_other_en);
    if (own !== '?') return own;
  }
  if (role) return staffRoleName(role, t.locale);
  return plain(staff.role_text?.trim() || '?');
}

/** "**Director**: Name" (a person or a studio, as credited), or undefined with no one named. */
export function staffLine(staff: Staff, t: Translator): string | undefined {
  const credited = staff.person ?? staff.organization;
  const who = named(t, staff.name ?? credited?.name, staff.name_en ?? credited?.name_en);
  if (who === '?') return undefined;
  return `**${staffRoleText(staff, t)}**: ${who}`;
}

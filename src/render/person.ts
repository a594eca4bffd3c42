import type { Locale } from '../i18n/locale.js';
import { formatNumber, type Translator } from '../i18n/translator.js';
import type { Person } from '../service/index.js';
import { plain } from './format.js';

export function personLine(person: Person, t: Translator, locale: Locale): string {
  const alias = [person.name_kana, person.name_en].filter((s) => s?.trim()).join(' / ');
  const counts = [
    `${t('people.casts')} ${formatNumber(locale, person.casts_count ?? 0)}`,
    `${t('people.staffs')} ${formatNumber(locale, person.staffs_count ?? 0)}`,
    `${t('people.favorites')} ${formatNumber(locale, person.favorite_people_count ?? 0)}`,
  ].join(' · ');
  return `**${plain(person.name ?? '')}**${alias ? ` (${plain(alias)})` : ''} · ${counts}`;
}

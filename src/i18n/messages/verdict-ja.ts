/** Japanese texts of a server's verdict on an episode (see verdict-en.ts): the same keys and parameters. */
import type { VerdictMessages } from './verdict-en.js';

export const verdictJa: VerdictMessages = {
  'verdict.watched': (p) => `サーバーの**${p.count}人**が視聴`,
  'verdict.rating': (p) => `${p.rating} ${p.count}`,
  'verdict.names': (p) => `視聴した人: ${p.names}`,
  'verdict.namesMore': (p) => `視聴した人: ${p.names} ほか${p.more}人`,
  'verdict.nameSeparator': '、',
};

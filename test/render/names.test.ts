import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import {
  hasNoEpisodes,
  localEpisodeNumber,
  localMedia,
  localSeason,
  localTitle,
  ratingStars,
} from '#src/render/names.js';
import { recordRating } from '#src/render/record.js';
import { workEmbed } from '#src/render/work.js';
import type { Work } from '#src/service/index.js';

const en = createTranslator('en');
const ja = createTranslator('ja');

describe('names in the reader’s language', () => {
  it('seasons, media and episode numbers read in English for English readers', () => {
    const work = {
      season_name: '2022-autumn',
      season_name_text: '2022年秋',
      media: 'movie',
      media_text: '映画',
    };
    expect(localSeason(work, en)).toBe('Fall 2022');
    expect(localSeason(work, ja)).toBe('2022年秋');
    expect(localMedia(work, en)).toBe('Movie');
    expect(localMedia(work, ja)).toBe('映画');
    expect(localEpisodeNumber({ number: 1, number_text: '第1話' }, en)).toBe('Ep 1');
    expect(localEpisodeNumber({ number: null, number_text: '#6' }, en)).toBe('Ep 6');
    expect(localEpisodeNumber({ number: 1, number_text: '第1話' }, ja)).toBe('第1話');
    expect(localEpisodeNumber({ number: null, number_text: '総集編' }, en)).toBe('総集編');
  });

  it('uses title_en for English readers when the work has one', () => {
    expect(localTitle({ title: 'ぼっち・ざ・ろっく！', title_en: 'BOCCHI THE ROCK!' }, en)).toBe(
      'BOCCHI THE ROCK!',
    );
    expect(localTitle({ title: 'ぼっち・ざ・ろっく！', title_en: '' }, en)).toBe('ぼっち・ざ・ろっく！');
    expect(localTitle({ title: 'ぼっち・ざ・ろっく！', title_en: 'BOCCHI THE ROCK!' }, ja)).toBe(
      'ぼっち・ざ・ろっく！',
    );
  });

  it('a movie has no episode field, and the kana reading is never the description', () => {
    const movie = {
      id: 7,
      title: '劇場版 空色ノート',
      title_kana: 'げきじょうばん そらいろのーと',
      title_en: '',
      media: 'movie',
      episodes_count: 0,
    } as Work;
    expect(hasNoEpisodes(movie)).toBe(true);
    const embed = workEmbed(movie, en, 'en');
    expect(embed.fields?.map((f) => f.name)).not.toContain('Episodes');
    expect(embed.description).toBeUndefined();
    expect(embed.url).toBe('https://annict.com/works/7');
  });

  it('legacy ratings show half stars, with the number for screen readers', () => {
    expect(ratingStars(4.5)).toBe('★★★★½ 4.5');
    expect(ratingStars(3)).toBe('★★★☆☆ 3.0');
    expect(ratingStars(0.5)).toBe('½☆☆☆☆ 0.5');
    expect(recordRating({ rating: 4.5 }, ja)).toBe('★★★★½ 4.5');
    expect(recordRating({ rating: 4.5, rating_state: 'great' }, ja)).toBe('とても良い');
  });

  it('links follow SERVICE_WEB_URL', () => {
    const t = createTranslator('en', { name: 'Kiroku Test', webUrl: 'https://example.test' });
    expect(workEmbed({ id: 3, title: 'x' } as Work, t, 'en').url).toBe('https://example.test/works/3');
    expect(t('error.unavailable')).toBe('Kiroku Test is not answering right now. Please try again later.');
  });
});

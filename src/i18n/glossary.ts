/**
 * One word per concept, in each language: the service's own terms (Annict's Japanese UI) and the
 * words the English catalogue uses. `avoid` lists the words that name the same concept another way;
 * test/i18n/glossary.test.ts reads every text of both catalogues against this list, so a new text
 * that says 購読 or 活動 (or "service account") fails before anyone reads it.
 */
interface GlossaryEntry {
  concept: string;
  en: string;
  ja: string;
  /** Other words for the same concept that the catalogues must not use. */
  avoid: { en: readonly string[]; ja: readonly string[] };
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: 'an entry in the viewing record for one episode',
    en: 'record',
    ja: '記録',
    avoid: { en: ['log entry'], ja: ['視聴ログ'] },
  },
  {
    concept: 'what people did on the service (records, reviews, statuses)',
    en: 'activity',
    ja: 'アクティビティ',
    avoid: { en: [], ja: ['活動'] },
  },
  {
    concept: 'a channel that kiroku posts into on someone’s behalf',
    en: 'subscription',
    ja: '自動投稿',
    avoid: { en: [], ja: ['購読'] },
  },
  {
    concept: 'watch status of a work (見たい, 見てる, 見た, 一時中断, 視聴中止)',
    en: 'status',
    ja: 'ステータス',
    avoid: { en: [], ja: ['視聴状態', '状態を'] },
  },
  {
    concept: 'the person’s account at the viewing-record service, named by SERVICE_NAME',
    en: '{service} account',
    ja: '{service}のアカウント',
    avoid: {
      en: ['service account', 'the service’s settings'],
      ja: ['サービスのアカウント', '{service} のアカウント'],
    },
  },
  {
    concept: 'the token scopes',
    en: 'read + write',
    ja: '読み込み + 書き込み',
    avoid: { en: ['write access'], ja: ['書き込み権限付き', '読み取り'] },
  },
  {
    concept: 'a written opinion on a whole work',
    en: 'review',
    ja: '感想',
    avoid: { en: [], ja: ['レビュー'] },
  },
  {
    concept: 'the ratings of a review: overall, animation, music, story, character',
    en: 'overall',
    ja: '全体',
    avoid: { en: ['total score'], ja: ['総合評価'] },
  },
  {
    concept: 'who voiced and who made a work (the service’s キャスト and スタッフ)',
    en: 'Cast & staff',
    ja: 'キャスト・スタッフ',
    avoid: { en: ['credits'], ja: ['声優一覧', '出演者', '制作陣'] },
  },
  {
    concept: 'the activity of the people one follows, as `/feed` shows it (Annict’s home)',
    en: 'timeline',
    ja: 'タイムライン',
    avoid: { en: [], ja: ['フィード'] },
  },
  {
    concept: 'aired episodes not recorded yet (`/watch`)',
    en: 'to watch',
    ja: '未視聴エピソード',
    avoid: { en: [], ja: [] },
  },
  {
    concept: 'the four-level rating of a record (Annict’s rating_state)',
    en: 'rating',
    ja: '評価',
    avoid: { en: ['rating state'], ja: ['レーティング'] },
  },
  {
    concept: 'the day a TV series first aired (Annict’s start_to_broadcast_tv_date)',
    en: 'first aired',
    ja: '放送開始日',
    avoid: { en: [], ja: [] },
  },
  {
    concept: 'right-click menus, which phones open with a long press',
    en: 'right-click (long-press on phones)',
    ja: '右クリック（スマホでは長押し）',
    avoid: { en: [], ja: [] },
  },
];

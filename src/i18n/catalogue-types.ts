/**
 * The type another language's catalogue must meet: the English catalogue's keys and parameters,
 * each plain text any string. The English catalogues are declared `as const` so that their texts
 * keep their literal types, and the other languages `as const satisfies` this, so that the commands
 * every text mentions can be checked against the command registry when compiling
 * (test/i18n/catalogue-mentions.test.ts).
 */
export type CatalogueOf<C> = { readonly [K in keyof C]: C[K] extends string ? string : C[K] };

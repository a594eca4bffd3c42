import type { Translator } from '../i18n/translator.js';
import { STATUS_KINDS, type StatusKind } from '../service/index.js';

export function statusLabel(kind: string | null | undefined, t: Translator): string {
  const known = STATUS_KINDS.find((k) => k === kind);
  return t(`status.${known ?? 'no_select'}` as `status.${StatusKind}`);
}

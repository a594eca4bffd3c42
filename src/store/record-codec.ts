/** keyv's stored record text `{"value":..., "expires": ms?}`, read and written without keyv's serializer. */
import type { DeserializedData } from 'keyv';

/** Stands in for a stored value that is not a keyv JSON record, so a bad row never throws out of keyv. */
export const UNDECODABLE: unique symbol = Symbol('undecodable');

export interface DecodedRecord {
  value: unknown;
  expires: number | undefined;
}

/** keyv's record format `{"value":..., "expires": ms?}` as plain JSON (keyv's default serializer rewrites strings that start with ':'). */
export function serializeRecord<Value>(data: DeserializedData<Value>): string {
  return JSON.stringify({ value: data.value, expires: data.expires });
}

export function decodeRecord(raw: string): DecodedRecord {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'value' in parsed) {
      const expires = (parsed as { expires?: unknown }).expires;
      return { value: parsed.value, expires: typeof expires === 'number' ? expires : undefined };
    }
  } catch {
    // fall through: the caller logs the key, never the bytes
  }
  return { value: UNDECODABLE, expires: undefined };
}

export function deserializeRecord<Value>(raw: string): DeserializedData<Value> {
  const record = decodeRecord(raw);
  // keyv hands `value` back untouched; UNDECODABLE is recognised by identity in the collection.
  return { value: record.value as Value, expires: record.expires };
}

export function isExpired(record: DecodedRecord, now = Date.now()): boolean {
  return record.expires !== undefined && now > record.expires;
}

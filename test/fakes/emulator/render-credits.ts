/** Casts and staffs as the service renders them (rails/app/views/api/v1/{casts,staffs}/*.jb), in its field order. */
import type { EmulatorData } from './data.js';
import type { CastRow, CharacterRow, OrganizationRow, StaffRow } from './model.js';
import { type JsonObject, renderPersonFields, renderWork } from './render.js';

/** Fields of characters/_character.jb the emulator keeps no value for: the service sends "" there. */
const UNKEPT_CHARACTER_FIELDS = [
  'birthday',
  'birthday_en',
  'age',
  'age_en',
  'blood_type',
  'blood_type_en',
  'height',
  'height_en',
  'weight',
  'weight_en',
  'nationality',
  'nationality_en',
  'occupation',
  'occupation_en',
  'description',
  'description_en',
  'description_source',
  'description_source_en',
] as const;

export function renderCharacter(character: CharacterRow): JsonObject {
  return {
    id: character.id,
    name: character.name,
    name_kana: character.nameKana,
    name_en: character.nameEn,
    nickname: character.nickname,
    nickname_en: character.nicknameEn,
    ...Object.fromEntries(UNKEPT_CHARACTER_FIELDS.map((field) => [field, ''])),
    favorite_characters_count: character.favoriteCharactersCount,
  };
}

export function renderOrganization(organization: OrganizationRow): JsonObject {
  return {
    id: organization.id,
    name: organization.name,
    name_kana: organization.nameKana,
    name_en: organization.nameEn,
    url: organization.url,
    url_en: '',
    wikipedia_url: organization.wikipediaUrl,
    wikipedia_url_en: '',
    twitter_username: organization.twitterUsername,
    twitter_username_en: '',
    favorite_organizations_count: organization.favoriteOrganizationsCount,
    staffs_count: organization.staffsCount,
  };
}

export function renderCast(data: EmulatorData, cast: CastRow): JsonObject {
  const character = data.credits.characters.get(cast.characterId);
  const person = data.people.get(cast.personId);
  return {
    id: cast.id,
    name: cast.name,
    name_en: cast.nameEn,
    sort_number: cast.sortNumber,
    work: renderWork(data, data.requireWork(cast.workId)),
    character: character ? renderCharacter(character) : {},
    person: person ? renderPersonFields(data, person) : {},
  };
}

/** A staff credit names a person or an organization, under that key only. */
export function renderStaff(data: EmulatorData, staff: StaffRow): JsonObject {
  const out: JsonObject = {
    id: staff.id,
    name: staff.name,
    name_en: staff.nameEn,
    role_text: staff.roleText,
    role_other: staff.roleOther,
    role_other_en: staff.roleOtherEn,
    sort_number: staff.sortNumber,
    work: renderWork(data, data.requireWork(staff.workId)),
  };
  const { type, id } = staff.resource;
  if (type === 'person') {
    const person = data.people.get(id);
    out.person = person ? renderPersonFields(data, person) : {};
  } else {
    const organization = data.credits.organizations.get(id);
    out.organization = organization ? renderOrganization(organization) : {};
  }
  return out;
}

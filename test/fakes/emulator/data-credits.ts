/**
 * Who made a work: its casts (a character and the person voicing it) and its staffs (a role and the
 * person or organization credited), with the characters and organizations they name. A table of
 * EmulatorData (`data.credits`); people stay in `data.people`.
 */
import { IdSequence } from './data-index.js';
import type { CastRow, CharacterRow, OrganizationRow, PersonRow, StaffRow, WorkRow } from './model.js';

export type NewCharacter = Partial<CharacterRow> & { name: string };
export type NewOrganization = Partial<OrganizationRow> & { name: string };
export type NewCast = Partial<Omit<CastRow, 'workId' | 'characterId' | 'personId'>> &
  Pick<CastRow, 'workId' | 'characterId' | 'personId'>;
/** `roleText` as the service sends it (監督, 原作, その他 ...); `person` or `organization` credited. */
export type NewStaff = Partial<Omit<StaffRow, 'workId' | 'resource' | 'roleText'>> &
  Pick<StaffRow, 'workId' | 'roleText'> &
  ({ personId: number } | { organizationId: number });

export class CreditTables {
  readonly characters = new Map<number, CharacterRow>();
  readonly organizations = new Map<number, OrganizationRow>();
  readonly casts = new Map<number, CastRow>();
  readonly staffs = new Map<number, StaffRow>();
  private readonly ids = new IdSequence();

  constructor(
    private readonly works: ReadonlyMap<number, WorkRow>,
    private readonly people: ReadonlyMap<number, PersonRow>,
  ) {}

  createCharacter(input: NewCharacter): CharacterRow {
    const row: CharacterRow = {
      id: this.ids.next('characters', input.id),
      name: input.name,
      nameKana: input.nameKana ?? '',
      nameEn: input.nameEn ?? '',
      nickname: input.nickname ?? '',
      nicknameEn: input.nicknameEn ?? '',
      favoriteCharactersCount: input.favoriteCharactersCount ?? 0,
    };
    this.characters.set(row.id, row);
    return row;
  }

  createOrganization(input: NewOrganization): OrganizationRow {
    const row: OrganizationRow = {
      id: this.ids.next('organizations', input.id),
      name: input.name,
      nameKana: input.nameKana ?? '',
      nameEn: input.nameEn ?? '',
      url: input.url ?? '',
      wikipediaUrl: input.wikipediaUrl ?? '',
      twitterUsername: input.twitterUsername ?? '',
      favoriteOrganizationsCount: input.favoriteOrganizationsCount ?? 0,
      staffsCount: 0,
    };
    this.organizations.set(row.id, row);
    return row;
  }

  /** Without a name the person's own is credited (as the service does); sort numbers follow the work's. */
  createCast(input: NewCast): CastRow {
    this.requireWork(input.workId);
    if (!this.characters.has(input.characterId)) throw new Error(`no character ${input.characterId}`);
    const person = this.requirePerson(input.personId);
    const row: CastRow = {
      id: this.ids.next('casts', input.id),
      workId: input.workId,
      characterId: input.characterId,
      personId: person.id,
      name: input.name ?? person.name,
      nameEn: input.nameEn ?? person.nameEn,
      sortNumber: input.sortNumber ?? this.nextSortNumber(this.casts, input.workId),
    };
    this.casts.set(row.id, row);
    return row;
  }

  createStaff(input: NewStaff): StaffRow {
    this.requireWork(input.workId);
    const credited =
      'personId' in input
        ? { type: 'person' as const, row: this.requirePerson(input.personId) }
        : { type: 'organization' as const, row: this.requireOrganization(input.organizationId) };
    const row: StaffRow = {
      id: this.ids.next('staffs', input.id),
      workId: input.workId,
      resource: { type: credited.type, id: credited.row.id },
      name: input.name ?? credited.row.name,
      nameEn: input.nameEn ?? credited.row.nameEn,
      roleText: input.roleText,
      roleOther: input.roleOther ?? '',
      roleOtherEn: input.roleOtherEn ?? '',
      sortNumber: input.sortNumber ?? this.nextSortNumber(this.staffs, input.workId),
    };
    this.staffs.set(row.id, row);
    if (credited.type === 'organization') (credited.row as OrganizationRow).staffsCount += 1;
    return row;
  }

  private nextSortNumber(table: ReadonlyMap<number, { workId: number }>, workId: number): number {
    let count = 0;
    for (const row of table.values()) if (row.workId === workId) count += 1;
    return (count + 1) * 10;
  }

  private requireWork(id: number): WorkRow {
    const work = this.works.get(id);
    if (!work) throw new Error(`no work ${id}`);
    return work;
  }

  private requirePerson(id: number): PersonRow {
    const person = this.people.get(id);
    if (!person) throw new Error(`no person ${id}`);
    return person;
  }

  private requireOrganization(id: number): OrganizationRow {
    const organization = this.organizations.get(id);
    if (!organization) throw new Error(`no organization ${id}`);
    return organization;
  }
}

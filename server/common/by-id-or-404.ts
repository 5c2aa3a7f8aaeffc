import { HttpStatus } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, ValidateBy, type ValidationOptions } from 'class-validator';
import { In, type FindOptionsSelect, type FindOptionsWhere, type ObjectLiteral, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from './api-error';

/** The RFC's shape, whatever the version and variant digits: what PostgreSQL's uuid type stores. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * An id in a body, judged as a path's id is (isUuid): a well-formed one that names nothing is the
 * route's 404 in a body as in a path (class-validator's IsUUID would refuse a version or variant
 * digit outside the RFC's list, a 400 in a body for what is a 404 in a path). Anything not shaped
 * as a UUID is a 400 here: a body's field has a type, which a path segment has not.
 */
export const IsId = (message: string, options: Pick<ValidationOptions, 'each'> = {}): PropertyDecorator =>
  ValidateBy({ name: 'isId', validator: { validate: (value: unknown) => isUuid(value), defaultMessage: () => message } }, options);

export function notFound(resource: string): ApiError {
  return new ApiError(HttpStatus.NOT_FOUND, `${resource} not found`);
}

type WithId = ObjectLiteral & { id: string };
const byId = <T extends WithId>(id: string) => ({ id }) as FindOptionsWhere<T>;

/**
 * Loads a live row by id, answering 404 for an unknown id, a row in the trash, and an id that is
 * not a UUID at all (which PostgreSQL would refuse with an error, not answer with no row).
 */
export async function findOneOr404<T extends WithId>(repository: Repository<T>, id: string, resource: string): Promise<T> {
  if (!isUuid(id)) throw notFound(resource);
  // A query builder rather than findOneBy: the find options' translation costs more than the query.
  const row = await repository.createQueryBuilder('row').where('row.id = :id', { id }).getOne();
  if (!row) throw notFound(resource);
  return row;
}

/**
 * Sets the given fields (those not undefined) on a live row by id, answering 404 for an unknown
 * id, one that is not a UUID, and a row in the trash; answers the names of the fields whose value
 * changed (for the activity log). Run it in a transaction: the row is read FOR UPDATE, so the old
 * values are the ones this edit replaces (an edit or a delete at the same time waits for this
 * one's commit). Never load-merge-save: save() inserts a row it cannot find (an edit racing a
 * purge would bring the row back), and writing back every field it had read would undo a change
 * that committed in between.
 */
export async function updateOr404<T extends WithId>(
  repository: Repository<T>,
  id: string,
  fields: Partial<T>,
  resource: string,
): Promise<string[]> {
  if (!isUuid(id)) throw notFound(resource);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
  if (Object.keys(changes).length === 0) return [];
  const before = await repository.findOne({ where: byId<T>(id), lock: { mode: 'pessimistic_write' } });
  if (!before) throw notFound(resource);
  await repository.update(byId<T>(id), changes);
  return Object.keys(changes).filter((property) => before[property] !== changes[property]);
}

/**
 * Moves a live row to the trash with TypeORM's soft delete (deleted_at, and deleted_by: who did
 * it) and answers the row, answering 404 for an unknown id, one that is not a UUID, and a row
 * already in the trash. softDelete's UPDATE only touches rows WHERE deleted_at IS NULL, which
 * PostgreSQL checks again once it holds the row: of two deletes at once (two tabs), the loser
 * gets the 404. Run it in a transaction, so deleted_by is set with deleted_at.
 */
export async function softDeleteOr404<T extends WithId & { deletedBy: string | null }>(
  repository: Repository<T>,
  id: string,
  resource: string,
  by: string,
): Promise<T> {
  if (!isUuid(id)) throw notFound(resource);
  const { affected } = await repository.softDelete(byId<T>(id));
  if (!affected) throw notFound(resource);
  await repository.update(byId<T>(id), { deletedBy: by } as unknown as QueryDeepPartialEntity<T>);
  return repository.findOneOrFail({ where: byId<T>(id), withDeleted: true });
}

/** The most items one bulk request may name: a page holds at most 100 (PAGE_SIZE). */
export const BULK_MAX = 100;

/** `{ ids }` of a bulk delete: 1 to 100 UUIDs. */
export class BulkIdsDto {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: 1,
    maxItems: BULK_MAX,
    description: 'UUIDs of any version; one that names no live item makes it a 404, and nothing changes',
  })
  @IsId('Each id must be a UUID', { each: true })
  @ArrayMaxSize(BULK_MAX, { message: `Ids must name at most ${BULK_MAX} items` })
  @ArrayNotEmpty({ message: 'Ids must name at least one item' })
  @IsArray({ message: 'Ids must be a list of ids' })
  ids: string[];
}

/** The ids once each (a UUID in any case names one row). */
export function distinctIds(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/**
 * Moves live rows to the trash with TypeORM's soft delete (deleted_at, then deleted_by: who did
 * it), inside the caller's transaction. All or nothing: softDelete's UPDATE touches only rows WHERE
 * deleted_at IS NULL, which PostgreSQL checks again once it holds each row, so when any id names no
 * live row (unknown, or in the trash already, e.g. taken by a bulk delete that ran at the same
 * time) fewer rows change, this throws the 404 and the caller's transaction rolls back. Answers
 * each row's id and label (for the activity entries), in the order of `ids`.
 */
export async function softDeleteManyOr404<T extends ObjectLiteral & { id: string; deletedBy: string | null }>(
  repository: Repository<T>,
  ids: string[],
  target: { label: keyof T & string; resource: string },
  by: string,
): Promise<{ id: string; label: string }[]> {
  const where = { id: In(ids) } as FindOptionsWhere<T>;
  const { affected } = await repository.softDelete(where);
  if ((affected ?? 0) < ids.length) throw notFound(target.resource);
  await repository.update(where, { deletedBy: by } as unknown as QueryDeepPartialEntity<T>);
  return labelsOf(repository, ids, target.label);
}

/** The rows' ids and labels, in the order of `ids`, wherever they are (live or in the trash). */
export async function labelsOf<T extends ObjectLiteral & { id: string }>(
  repository: Repository<T>,
  ids: string[],
  label: keyof T & string,
): Promise<{ id: string; label: string }[]> {
  const rows = await repository.find({
    where: { id: In(ids) } as FindOptionsWhere<T>,
    select: { id: true, [label]: true } as FindOptionsSelect<T>,
    withDeleted: true,
  });
  const byId = new Map(rows.map((row) => [row.id, String(row[label])]));
  return ids.map((id) => ({ id, label: byId.get(id)! }));
}

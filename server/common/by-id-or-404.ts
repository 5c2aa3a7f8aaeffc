import { HttpStatus } from '@nestjs/common';
import type { FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from './api-error';
import { selectPlain } from './plain-rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function notFound(resource: string): ApiError {
  return new ApiError(HttpStatus.NOT_FOUND, `${resource} not found`);
}

/** Each entity's select-by-id statement, built once from its metadata (the query builder's work is not per request). */
const byIdStatements = new WeakMap<object, string>();

function byIdSql(repository: Repository<ObjectLiteral>): string {
  let sql = byIdStatements.get(repository.metadata);
  if (sql === undefined) {
    [sql] = selectPlain(repository.createQueryBuilder('entity')).where('entity.id = :id', { id: '' }).getQueryAndParameters();
    byIdStatements.set(repository.metadata, sql);
  }
  return sql;
}

/** Loads a row by id (as a plain row), answering 404 for an unknown id and for one that is not a UUID at all. */
export async function findOneOr404<T extends ObjectLiteral & { id: string }>(
  repository: Repository<T>,
  id: string,
  resource: string,
): Promise<T> {
  if (!isUuid(id)) throw notFound(resource);
  const rows: T[] = await repository.query(byIdSql(repository), [id]);
  const row = rows[0];
  if (!row) throw notFound(resource);
  return row;
}

/**
 * Deletes a row by id in one statement, answering 404 for an unknown id and for one that is not a
 * UUID; so of two deletes at once (two tabs), the loser gets the 404. Answers the deleted row's id
 * and the `returning` columns as the statement read them, e.g. a file to remove once it is gone.
 */
export async function deleteOr404<T extends ObjectLiteral & { id: string }, K extends keyof T & string = never>(
  repository: Repository<T>,
  id: string,
  resource: string,
  returning: K[] = [],
): Promise<Pick<T, 'id' | K>> {
  if (!isUuid(id)) throw notFound(resource);
  const properties = ['id', ...returning];
  const columns = properties.map((property) => repository.metadata.findColumnWithPropertyName(property)!.databaseName);
  const result = await repository.createQueryBuilder().delete().where('id = :id', { id }).returning(columns).execute();
  const rows = result.raw as Record<string, unknown>[];
  if (rows.length === 0) throw notFound(resource);
  return Object.fromEntries(properties.map((property, i) => [property, rows[0][columns[i]]])) as Pick<T, 'id' | K>;
}

/**
 * Sets the given fields (those not undefined) on a row by id in one UPDATE, answering 404 for an
 * unknown id and for one that is not a UUID. Never load-merge-save: save() inserts a row it cannot
 * find (an edit racing a delete would bring the row back), and writing back what it had read would
 * undo a change that committed in between.
 */
export async function updateOr404<T extends ObjectLiteral & { id: string }>(
  repository: Repository<T>,
  id: string,
  fields: Partial<T>,
  resource: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound(resource);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return;
  const result = await repository.update({ id } as FindOptionsWhere<T>, changes as QueryDeepPartialEntity<T>);
  if (!result.affected) throw notFound(resource);
}

import { HttpStatus } from '@nestjs/common';
import type { ObjectLiteral, Repository } from 'typeorm';
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

/** The row's columns' database names for the given properties, escaped for SQL. */
function columnNames<T extends ObjectLiteral>(repository: Repository<T>, properties: string[]): string[] {
  return properties.map((property) => `"${repository.metadata.findColumnWithPropertyName(property)!.databaseName}"`);
}

/** Raw SQL's share of TypeORM's soft delete: rows in the trash are not there. */
function liveRows<T extends ObjectLiteral>(repository: Repository<T>): string {
  const column = repository.metadata.deleteDateColumn;
  return column ? ` AND "${column.databaseName}" IS NULL` : '';
}

/**
 * Sets the given fields (those not undefined) on a live row by id in one statement, answering 404
 * for an unknown id, one that is not a UUID, and a row in the trash; answers the names of the
 * fields whose value changed (for the activity log). Never load-merge-save: save() inserts a row
 * it cannot find (an edit racing a delete would bring the row back), and writing back what it had
 * read would undo a change that committed in between. The old values come from the same
 * statement (the row locked FOR UPDATE in a subquery), so they are the ones this edit replaced.
 */
export async function updateOr404<T extends ObjectLiteral & { id: string }>(
  repository: Repository<T>,
  id: string,
  fields: Partial<T>,
  resource: string,
): Promise<string[]> {
  if (!isUuid(id)) throw notFound(resource);
  const changes = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (changes.length === 0) return [];
  const columns = columnNames(
    repository,
    changes.map(([property]) => property),
  );
  const assignments = columns.map((column, i) => `${column} = $${i + 2}`);
  const updated = repository.metadata.updateDateColumn;
  if (updated) assignments.push(`"${updated.databaseName}" = now()`);
  const table = repository.metadata.tablePath;
  // For an UPDATE, TypeORM's query() answers [rows, affected count].
  const [rows] = await repository.query<[Record<string, unknown>[], number]>(
    `UPDATE ${table} AS t SET ${assignments.join(', ')}
       FROM (SELECT id, ${columns.join(', ')} FROM ${table} WHERE id = $1${liveRows(repository)} FOR UPDATE) AS old
      WHERE t.id = old.id
      RETURNING ${columns.map((column, i) => `old.${column} AS old_${i}`).join(', ')}`,
    [id, ...changes.map(([, value]) => value as unknown)],
  );
  if (rows.length === 0) throw notFound(resource);
  return changes.filter(([, value], i) => rows[0][`old_${i}`] !== value).map(([property]) => property);
}

/**
 * Moves a live row to the trash in one statement (deleted_at, deleted_by), answering 404 for an
 * unknown id, one that is not a UUID, and a row already in the trash; so of two deletes at once
 * (two tabs), the loser gets the 404. Answers the `returning` properties as the statement read them.
 */
export async function trashOr404<T extends ObjectLiteral & { id: string; deletedBy: string | null }, K extends keyof T & string = never>(
  repository: Repository<T>,
  id: string,
  resource: string,
  by: string,
  returning: K[] = [],
): Promise<Pick<T, 'id' | K>> {
  if (!isUuid(id)) throw notFound(resource);
  const properties = ['id', ...returning];
  const [rows] = await repository.query<[Record<string, unknown>[], number]>(
    `UPDATE ${repository.metadata.tablePath} SET deleted_at = now(), deleted_by = $2
      WHERE id = $1${liveRows(repository)}
      RETURNING ${columnNames(repository, properties).join(', ')}`,
    [id, by],
  );
  if (rows.length === 0) throw notFound(resource);
  const names = properties.map((property) => repository.metadata.findColumnWithPropertyName(property)!.databaseName);
  return Object.fromEntries(properties.map((property, i) => [property, rows[0][names[i]]])) as Pick<T, 'id' | K>;
}

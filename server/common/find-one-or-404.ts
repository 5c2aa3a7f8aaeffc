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

/** Loads a row by id, answering 404 for an unknown id and for one that is not a UUID at all. */
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

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

/** Loads a row by id, answering 404 for an unknown id and for one that is not a UUID at all. */
export async function findOneOr404<T extends ObjectLiteral & { id: string }>(
  repository: Repository<T>,
  id: string,
  resource: string,
): Promise<T> {
  if (!isUuid(id)) throw notFound(resource);
  const qb = repository.createQueryBuilder('entity');
  const row = await selectPlain(qb).where('entity.id = :id', { id }).getRawOne<T>();
  if (!row) throw notFound(resource);
  return row;
}

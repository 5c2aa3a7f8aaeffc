import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Selects every column of the query's entity under its property name, to be read with
 * getRawMany/getRawOne: the rows come back as plain objects shaped like the entity's JSON,
 * without TypeORM building an entity per row (the costliest step of a hot read). Only for
 * entities whose columns need no transformation (text, uuid, timestamptz: what pg returns is the
 * value).
 */
export function selectPlain<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  const main = qb.expressionMap.mainAlias;
  if (!main?.hasMetadata) throw new Error('selectPlain needs a query on an entity');
  const columns = main.metadata.columns.filter((column) => column.isSelect);
  return columns.reduce((query, column, index) => {
    const selection = `${qb.escape(main.name)}.${qb.escape(column.databaseName)}`;
    return index === 0 ? query.select(selection, column.propertyName) : query.addSelect(selection, column.propertyName);
  }, qb.clone());
}

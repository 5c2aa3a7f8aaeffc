import { DataSource } from 'typeorm';
import { loadConfig } from './server/config/app-config';
import { openDatabase } from './server/database/database-connection';
import { dataSourceOptions } from './server/database/data-source-options';

/**
 * The data source for TypeORM's CLI (`npm run migration:generate`). It reads the same
 * configuration as the app: DATABASE_URL, or the embedded database under DATA_DIR (stop the app
 * first: the embedded database has one owner at a time).
 */
async function createDataSource(): Promise<DataSource> {
  const config = loadConfig(undefined, { serving: false });
  const connection = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const dataSource = new DataSource(dataSourceOptions(connection, { bounded: false }));
  const destroy = dataSource.destroy.bind(dataSource);
  // The CLI destroys the data source when done; the embedded server must stop with it or the process lingers.
  dataSource.destroy = async () => {
    await destroy();
    await connection.close();
  };
  return dataSource;
}

export default createDataSource();

import { schemaOf } from './core/boot.ts';
import { migrate, openDatabase } from './core/db/orm.ts';
import { plugins } from './plugins/index.ts';

const orm = await openDatabase({ url: process.env.DRIFT_URL, embeddedPath: 'memory://', ...schemaOf(plugins) });
await migrate(orm);
const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false });
console.log(sql);
await orm.close(true);

import { benchCaptures, openBenchDatabase } from './bench-capture';
const db = await openBenchDatabase();
await benchCaptures(db);
await db.close();

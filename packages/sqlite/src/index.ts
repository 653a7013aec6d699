// Commonly used: open a database with the driver that fits this Node.
export { openSqliteDatabase, type SqliteDatabase, type SqliteOpenOptions } from "./driver.js";
// Advanced: which driver is picked and why, and the raw constructor.
export {
  loadSqliteDriver,
  NODE_API_FOR_SQLITE_13,
  type SqliteDatabaseConstructor,
  type SqliteDriverChoice,
  type SqliteDriverInfo,
  sqliteDriverFor,
  sqliteDriverInfo,
} from "./driver.js";
